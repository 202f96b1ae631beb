/** An image of the site as the pages use it (built by web/imagery-pipeline.ts). */
export type SiteImage =
  | { kind: 'illustration'; src: string; width: number; height: number; alt: string }
  | { kind: 'photo'; src: string; avifSrcset: string; webpSrcset: string; width: number; height: number; alt: string };

export type ImageSlot = 'home-hero' | 'home-trust' | 'services' | 'about';

export interface Imagery {
  slots: Record<ImageSlot, SiteImage>;
  /** Stock sites and their licences, for the footer's note; empty when no stock image is used. */
  credits: { site: string; licence: string }[];
}

/** A page's picture for link previews: a JPEG under the site root, 1200×630. */
export interface ShareCard {
  src: string;
  width: number;
  height: number;
}
