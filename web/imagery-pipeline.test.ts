import { copyFile, mkdtemp, readdir, readFile, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { buildImagery, IMAGE_SLOTS } from './imagery-pipeline';

const DEFAULT_DIR = path.join(import.meta.dirname, 'imagery');

const own = { author: 'Peach Clean team', licence: { name: 'Own work' } };

async function folderWith(images: object[], files: Record<string, Buffer> = {}): Promise<string> {
  const dir = await mkdtemp(path.join(tmpdir(), 'imagery-'));
  await writeFile(path.join(dir, 'imagery.json'), JSON.stringify({ images }));
  for (const [name, bytes] of Object.entries(files)) await writeFile(path.join(dir, name), bytes);
  return dir;
}

describe('the repository imagery', () => {
  it('fills every slot with its own illustrations, each with its licence, and credits no stock site', async () => {
    const manifest = JSON.parse(await readFile(path.join(DEFAULT_DIR, 'imagery.json'), 'utf8')) as { images: { file: string; licence: { name: string } }[] };
    expect(manifest.images.every((i) => i.licence.name.length > 0)).toBe(true);
    const files = (await readdir(DEFAULT_DIR)).filter((f) => f !== 'imagery.json').sort();
    expect(files).toEqual(manifest.images.map((i) => i.file).sort());

    const { imagery } = await buildImagery(DEFAULT_DIR);
    expect(Object.keys(imagery.slots).sort()).toEqual([...IMAGE_SLOTS].sort());
    expect(imagery.credits).toEqual([]);
    expect(imagery.slots['home-hero']).toMatchObject({ kind: 'illustration', width: 640, height: 480 });
    expect(imagery.slots['home-hero'].src).toMatch(/^\/assets\/img\/home-hero\.[0-9a-f]{10}\.svg$/);
  });
});

describe('a company photograph', () => {
  it('becomes AVIF and WebP in every width up to its own, with a WebP fallback, and its stock site is credited', async () => {
    const photo = await sharp({ create: { width: 1000, height: 750, channels: 3, background: '#88aacc' } }).jpeg().toBuffer();
    const dir = await folderWith(
      [
        { slot: 'home-hero', file: 'kitchen.jpg', alt: 'A clean kitchen', author: 'Jo Lee', licence: { name: 'Unsplash License' }, source: { site: 'Unsplash', url: 'https://unsplash.com/' } },
        ...['home-trust', 'services', 'about'].map((slot) => ({ slot, file: 'art.svg', alt: slot, ...own })),
      ],
      { 'kitchen.jpg': photo },
    );
    await copyFile(path.join(DEFAULT_DIR, 'about.svg'), path.join(dir, 'art.svg'));

    const { imagery, files } = await buildImagery(dir);
    const hero = imagery.slots['home-hero'];
    if (hero.kind !== 'photo') throw new Error('expected a photo');
    expect(hero.width).toBe(1000);
    expect(hero.height).toBe(750);
    expect(hero.alt).toBe('A clean kitchen');
    expect(hero.avifSrcset).toMatch(/^\/assets\/img\/home-hero-480\.\w+\.avif 480w, \/assets\/img\/home-hero-800\.\w+\.avif 800w, \/assets\/img\/home-hero-1000\.\w+\.avif 1000w$/);
    expect(hero.webpSrcset.split(', ').map((c) => c.split(' ')[1])).toEqual(['480w', '800w', '1000w']);
    expect(hero.src).toMatch(/home-hero-800\.\w+\.webp$/);
    expect(imagery.credits).toEqual([{ site: 'Unsplash', licence: 'Unsplash License' }]);

    const avif800 = files.find((f) => /home-hero-800\.\w+\.avif$/.test(f.fileName))!;
    const meta = await sharp(avif800.source).metadata();
    expect([meta.format, meta.width, meta.height]).toEqual(['heif', 800, 600]);
    expect(avif800.source.byteLength).toBeLessThan(photo.byteLength);
  });

  it('makes each slot a 1200×630 JPEG share card, the photograph and the illustration alike', async () => {
    const photo = await sharp({ create: { width: 900, height: 1200, channels: 3, background: '#88aacc' } }).jpeg().toBuffer();
    const dir = await folderWith(
      [
        { slot: 'home-hero', file: 'tall.jpg', alt: 'A tall photo', ...own },
        ...['home-trust', 'services', 'about'].map((slot) => ({ slot, file: 'art.svg', alt: slot, ...own })),
      ],
      { 'tall.jpg': photo },
    );
    await copyFile(path.join(DEFAULT_DIR, 'about.svg'), path.join(dir, 'art.svg'));

    const { shareCards, files } = await buildImagery(dir);
    for (const slot of ['home-hero', 'about'] as const) {
      const card = shareCards[slot];
      expect(card.src).toMatch(new RegExp(`^/assets/img/${slot}-share\\.[0-9a-f]{10}\\.jpg$`));
      expect([card.width, card.height]).toEqual([1200, 630]);
      const meta = await sharp(files.find((f) => `/${f.fileName}` === card.src)!.source).metadata();
      expect([meta.format, meta.width, meta.height], slot).toEqual(['jpeg', 1200, 630]);
    }
  });
});

describe('a manifest that cannot be built', () => {
  it('names the missing licence, the missing slots and the missing file', async () => {
    const unlicensed = await folderWith([{ slot: 'home-hero', file: 'a.svg', alt: 'x', author: 'y' }]);
    await expect(buildImagery(unlicensed)).rejects.toThrow(
      `Imagery manifest ${path.join(unlicensed, 'imagery.json')} is not valid:\n  images.0.licence: Invalid input: expected object, received undefined`,
    );
    const oneSlot = await folderWith([{ slot: 'home-hero', file: 'a.svg', alt: 'x', ...own }]);
    await expect(buildImagery(oneSlot)).rejects.toThrow('images: needs exactly one image for each of: home-hero, home-trust, services, about');
    const missing = await folderWith(IMAGE_SLOTS.map((slot) => ({ slot, file: `${slot}.svg`, alt: slot, ...own })));
    await expect(buildImagery(missing)).rejects.toThrow(`home-hero names home-hero.svg, which is not in the folder`);
  });
});
