import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { Plugin } from 'vite';
import { buildImagery, type BuiltImagery } from './imagery-pipeline.ts';

// Two modules, so the footer of every page carries the credits without every image's sources.
const MODULES: Record<string, (built: BuiltImagery) => unknown> = {
  'virtual:images': (built) => built.imagery.slots,
  'virtual:image-credits': (built) => built.imagery.credits,
  // Only the pre-render reads it (link previews), so no page downloads it.
  'virtual:share-cards': (built) => built.shareCards,
};
const DEFAULT_DIR = fileURLToPath(new URL('./imagery', import.meta.url));

/**
 * The site's imagery (web/imagery-pipeline.ts) from IMAGERY_DIR, or the repository's own
 * illustrations: `virtual:images` (each slot's sources) and `virtual:image-credits`; the encoded files written
 * into the build under assets/img/, and the same files served by the dev server.
 */
export function imagery(): Plugin {
  const dir = path.resolve(process.env.IMAGERY_DIR?.trim() || DEFAULT_DIR);
  let built: Promise<BuiltImagery> | undefined;
  const load = () => (built ??= buildImagery(dir));

  return {
    name: 'app:imagery',
    resolveId(id) {
      return id in MODULES ? `\0${id}` : undefined;
    },
    async load(id) {
      const content = id.startsWith('\0') ? MODULES[id.slice(1)] : undefined;
      if (!content) return undefined;
      return `export default ${JSON.stringify(content(await load()))};`;
    },
    configureServer(server) {
      server.middlewares.use((req, res, next) => {
        const url = req.url?.split('?')[0] ?? '';
        if (!url.startsWith('/assets/img/')) return next();
        load().then(({ files }) => {
          const file = files.find((f) => `/${f.fileName}` === url);
          if (!file) return next();
          res.setHeader('Content-Type', CONTENT_TYPES[path.extname(url)] ?? 'application/octet-stream');
          res.end(file.source);
        }, next);
      });
    },
    async generateBundle() {
      // The images belong to the website, not to the pre-render's server bundle.
      if (this.environment.name !== 'client') return;
      for (const file of (await load()).files) this.emitFile({ type: 'asset', fileName: file.fileName, source: file.source });
    },
  };
}

const CONTENT_TYPES: Record<string, string> = { '.svg': 'image/svg+xml', '.avif': 'image/avif', '.webp': 'image/webp', '.jpg': 'image/jpeg' };
