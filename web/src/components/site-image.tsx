import images from 'virtual:images';
import type { ImageSlot } from '../types/imagery';

interface SiteImageProps {
  slot: ImageSlot;
  /** How wide the image is drawn, for the browser to pick a photograph's width: '(min-width: 60rem) 40vw, 100vw'. */
  sizes: string;
  /** Above the fold: loaded at once and first. Everything else loads as it nears the screen. */
  priority?: boolean;
  className?: string;
}

/**
 * One of the site's images (web/imagery-pipeline.ts): a photograph as AVIF and WebP in every width
 * that fits, an illustration as its SVG. Width and height are always set, so nothing moves when it
 * arrives.
 */
export function SiteImage({ slot, sizes, priority = false, className = 'site-image' }: SiteImageProps) {
  const image = images[slot];
  const img = (
    <img
      className={className}
      // srcset and sizes before src, so no browser starts on the fallback first.
      srcSet={image.kind === 'photo' ? image.webpSrcset : undefined}
      sizes={image.kind === 'photo' ? sizes : undefined}
      src={image.src}
      alt={image.alt}
      width={image.width}
      height={image.height}
      loading={priority ? 'eager' : 'lazy'}
      fetchPriority={priority ? 'high' : undefined}
      decoding="async"
    />
  );
  if (image.kind === 'illustration') return img;
  return (
    <picture>
      <source type="image/avif" srcSet={image.avifSrcset} sizes={sizes} />
      <source type="image/webp" srcSet={image.webpSrcset} sizes={sizes} />
      {img}
    </picture>
  );
}
