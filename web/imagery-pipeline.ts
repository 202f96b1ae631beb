import { createHash } from 'node:crypto';
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import sharp from 'sharp';
import { z } from 'zod';
import type { Imagery, ImageSlot, ShareCard, SiteImage } from './src/types/imagery';

/**
 * The site's imagery: a folder with an `imagery.json` manifest and the image files it names. The
 * repository ships its own illustrations (web/imagery); the company's photographs are a folder of
 * its own, named by IMAGERY_DIR. Every image records its licence, and the footer credits the
 * stock sites of the images in use, and only those.
 *
 * Photographs (JPEG, PNG, WebP, AVIF, TIFF) are resized to the widths below that fit the original
 * and encoded as AVIF and WebP for a <picture> with srcset; SVG illustrations are served as they
 * are (scaled by the browser, a few kilobytes). File names carry a content hash, so they can be
 * cached for a year.
 */
export const IMAGE_SLOTS = ['home-hero', 'home-trust', 'services', 'about'] as const satisfies readonly ImageSlot[];
export const IMAGE_WIDTHS = [480, 800, 1200, 1600] as const;
/** Size of a share card (Open Graph and Twitter images): what link previews crop to. */
export const SHARE_CARD = { width: 1200, height: 630 } as const;
// The site's light teal, behind an image whose shape is not the card's.
const SHARE_CARD_BACKGROUND = '#eef6f7';

const text = z.string().trim().min(1, 'must not be empty');
const manifestSchema = z.strictObject({
  images: z
    .array(
      z.strictObject({
        slot: z.enum(IMAGE_SLOTS),
        file: z.string().regex(/^[\w.-]+\.(svg|jpe?g|png|webp|avif|tiff?)$/i, 'must be a file name in the folder (svg, jpg, png, webp, avif or tiff)'),
        /** What the image shows, for people who cannot see it. */
        alt: text,
        author: text,
        licence: z.strictObject({ name: text, url: z.url().optional() }),
        /** The stock-image site it came from, if any: the footer credits it. */
        source: z.strictObject({ site: text, url: z.url() }).optional(),
      }),
    )
    .refine((images) => IMAGE_SLOTS.every((slot) => images.filter((i) => i.slot === slot).length === 1), {
      message: `needs exactly one image for each of: ${IMAGE_SLOTS.join(', ')}`,
    }),
});

export interface OutputFile {
  /** Path under the site root, without the leading slash: assets/img/home-hero-800.3f2a1b9c.avif (cached for a year, like every hashed asset). */
  fileName: string;
  source: Uint8Array;
}

export interface BuiltImagery {
  imagery: Imagery;
  /** Each slot's share card (src: /assets/img/home-hero-share.3f2a1b9c.jpg). */
  shareCards: Record<ImageSlot, ShareCard>;
  files: OutputFile[];
}

/** Reads, checks and encodes a folder's imagery; throws naming the folder and the wrong entry. */
export async function buildImagery(dir: string): Promise<BuiltImagery> {
  const manifestPath = path.join(dir, 'imagery.json');
  const parsed = manifestSchema.safeParse(JSON.parse(await readFile(manifestPath, 'utf8')));
  if (!parsed.success) {
    const problems = parsed.error.issues.map((issue) => `  ${issue.path.join('.') || '(root)'}: ${issue.message}`);
    throw new Error(`Imagery manifest ${manifestPath} is not valid:\n${problems.join('\n')}`);
  }
  const files: OutputFile[] = [];
  const slots = {} as Record<ImageSlot, SiteImage>;
  const shareCards = {} as Record<ImageSlot, ShareCard>;
  for (const entry of parsed.data.images) {
    const original = await readFile(path.join(dir, entry.file)).catch(() => {
      throw new Error(`Imagery manifest ${manifestPath}: ${entry.slot} names ${entry.file}, which is not in the folder`);
    });
    const ext = path.extname(entry.file).toLowerCase();
    const encoded = ext === '.svg' ? illustration(entry.slot, original, entry.alt) : await photograph(entry.slot, original, entry.alt);
    files.push(...encoded.files);
    slots[entry.slot] = encoded.image;
    const card = await shareCard(entry.slot, original, ext === '.svg');
    files.push(card);
    shareCards[entry.slot] = { src: `/${card.fileName}`, ...SHARE_CARD };
  }
  const credits = [
    ...new Map(
      parsed.data.images.flatMap((i) => (i.source ? [[`${i.source.site}|${i.licence.name}`, { site: i.source.site, licence: i.licence.name }] as const] : [])),
    ).values(),
  ];
  return { imagery: { slots, credits }, shareCards, files };
}

/**
 * The image as a 1200×630 JPEG for link previews (JPEG: every preview reads it), whole and
 * centred on the site's background. An illustration is drawn at a density that fills the card.
 */
async function shareCard(slot: string, original: Buffer, vector: boolean): Promise<OutputFile> {
  let density: number | undefined;
  if (vector) {
    const { width = 1, height = 1 } = await sharp(original).metadata();
    density = 72 * Math.ceil(Math.max(SHARE_CARD.width / width, SHARE_CARD.height / height));
  }
  const source = await sharp(original, density ? { density } : {})
    .rotate()
    .resize({ ...SHARE_CARD, fit: 'contain', background: SHARE_CARD_BACKGROUND })
    .flatten({ background: SHARE_CARD_BACKGROUND })
    .jpeg({ quality: 82, mozjpeg: true })
    .toBuffer();
  const fileName = `assets/img/${slot}-share.${hashOf(source)}.jpg`;
  return { fileName, source };
}

const hashOf = (bytes: Uint8Array) => createHash('sha256').update(bytes).digest('hex').slice(0, 10);

function illustration(slot: string, original: Buffer, alt: string): { image: SiteImage; files: OutputFile[] } {
  const svg = original
    .toString('utf8')
    .replace(/<\?xml[^>]*>|<!--[\s\S]*?-->/g, '')
    .replace(/>\s+</g, '><')
    .trim();
  const viewBox = /viewBox="\s*[\d.-]+[\s,]+[\d.-]+[\s,]+([\d.]+)[\s,]+([\d.]+)\s*"/.exec(svg);
  if (!viewBox) throw new Error(`Imagery: the ${slot} illustration needs a viewBox so the page can reserve its space`);
  const source = Buffer.from(svg);
  const fileName = `assets/img/${slot}.${hashOf(source)}.svg`;
  return {
    image: { kind: 'illustration', src: `/${fileName}`, width: Math.round(Number(viewBox[1])), height: Math.round(Number(viewBox[2])), alt },
    files: [{ fileName, source }],
  };
}

async function photograph(slot: string, original: Buffer, alt: string): Promise<{ image: SiteImage; files: OutputFile[] }> {
  // Turn by the camera's orientation first, so width and height are the ones people see.
  const upright = sharp(original).rotate();
  const { width, height } = await upright.clone().toBuffer({ resolveWithObject: true }).then((r) => r.info);
  // Each standard width narrower than the original, then the original's (at most the widest).
  const widest = Math.min(width, IMAGE_WIDTHS.at(-1)!);
  const widths = [...IMAGE_WIDTHS.filter((w) => w < widest), widest];
  const files: OutputFile[] = [];
  const srcset = { avif: [] as string[], webp: [] as string[] };
  for (const w of widths) {
    const resized = upright.clone().resize({ width: w, withoutEnlargement: true });
    for (const format of ['avif', 'webp'] as const) {
      const source = await (format === 'avif' ? resized.clone().avif({ quality: 50, effort: 4 }) : resized.clone().webp({ quality: 72 })).toBuffer();
      const fileName = `assets/img/${slot}-${w}.${hashOf(source)}.${format}`;
      files.push({ fileName, source });
      srcset[format].push(`/${fileName} ${w}w`);
    }
  }
  // The fallback <img> takes the WebP nearest 800 px wide: every browser we support reads WebP.
  const fallback = srcset.webp[widths.indexOf(widths.find((w) => w >= 800) ?? widths.at(-1)!)]!.split(' ')[0]!;
  return {
    image: { kind: 'photo', src: fallback, avifSrcset: srcset.avif.join(', '), webpSrcset: srcset.webp.join(', '), width, height, alt },
    files,
  };
}

