import { execFileSync } from 'node:child_process';
import { mkdir, readFile, rm, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import type { Logger, Plugin, ViteBuilder } from 'vite';
import type * as ServerEntry from './src/entry-server';
import { COOKIE_CONSENT_FLAG_SCRIPT } from '../shared/src/cookie-consent-flag.ts';
import { escapeHtml } from '../shared/src/escape-html.ts';
import type { RenderedPage } from './src/entry-server';

interface ManifestChunk {
  file: string;
  imports?: string[];
  dynamicImports?: string[];
  css?: string[];
}
type Manifest = Record<string, ManifestChunk>;

export const SSR_OUT_DIR = 'dist-ssr';
export const PRERENDERED_DIR = 'prerendered';
export const FRAMES_DIR = 'frames';
/** Marks the root of a pre-rendered frame: src/main.tsx starts the app at once and replaces it. */
export const FRAME_ATTRIBUTE = 'data-app-frame';

interface Assets {
  js: string[];
  css: string[];
}

/** Chunks and every chunk they import statically, minus what the HTML loads already. */
function chunkAssets(manifest: Manifest, sources: readonly string[], template: string): Assets {
  const js = new Set<string>();
  const css = new Set<string>();
  const visit = (key: string) => {
    const chunk = manifest[key];
    if (!chunk) throw new Error(`prerender: ${key} is not in the client build's manifest`);
    if (js.has(chunk.file)) return;
    js.add(chunk.file);
    for (const file of chunk.css ?? []) css.add(file);
    for (const imported of chunk.imports ?? []) visit(imported);
  };
  for (const source of sources) visit(source);
  const notInTemplate = (file: string) => !template.includes(`/${file}"`);
  return { js: [...js].filter(notInTemplate), css: [...css].filter(notInTemplate) };
}

/** Stylesheets, and preloads so the browser fetches every chunk at once instead of discovering imports one by one. */
function withAssets(html: string, assets: Assets): string {
  const links = [
    ...assets.css.map((file) => `<link rel="stylesheet" crossorigin href="/${file}">`),
    ...assets.js.map((file) => `<link rel="modulepreload" crossorigin href="/${file}">`),
  ].join('');
  return html.replace('</head>', `${links}</head>`);
}

function pageHtml(template: string, page: RenderedPage, assets: Assets, seoHead: string): string {
  const replaced = withAssets(template, assets)
    .replace('</head>', `${seoHead}</head>`)
    .replace(/<title>[^<]*<\/title>/, `<title>${escapeHtml(page.head.title)}</title>`)
    .replace(/(<meta\s+name="description"\s+content=")[^"]*(")/, `$1${escapeHtml(page.head.description)}$2`)
    .replace('<div id="root"></div>', `<div id="root">${page.html}</div>`);
  if (!replaced.includes(page.html)) throw new Error('prerender: index.html has no empty <div id="root"></div>');
  return replaced;
}

/**
 * A frame of the pages the browser renders: the app shell with the frame's markup in #root, and
 * first in the head the script that hides the cookie notice for a visitor who accepted it, run
 * before the stylesheet is even requested so the notice never flashes. It preloads nothing: the
 * app's chunks are named in FRAME_ATTRIBUTE, for src/main.tsx to fetch together once the frame
 * has painted (fetched before, they would share a slow connection with the stylesheet and delay
 * the paint; fetched as each import is found, they would cost a round trip per level).
 */
function frameHtml(template: string, frame: RenderedPage, app: Assets): string {
  const chunks = escapeHtml(app.js.map((file) => `/${file}`).join(' '));
  const withFrame = template.replace('<div id="root"></div>', `<div id="root" ${FRAME_ATTRIBUTE}="${chunks}">${frame.html}</div>`);
  const charset = /<meta charset="[^"]*"\s*\/?>/;
  if (withFrame === template || !charset.test(withFrame)) throw new Error('prerender: index.html needs <meta charset> and an empty <div id="root"></div>');
  return withFrame.replace(charset, (meta) => `${meta}<script>${COOKIE_CONSENT_FLAG_SCRIPT}</script>`);
}

// `npm run dev` and the api serve the site here when PUBLIC_URL is not set.
const LOCAL_ORIGIN = 'http://127.0.0.1:3000';

/**
 * The site's public address (PUBLIC_URL, the variable the api and worker read too): canonical
 * links, the sitemap and share cards are absolute, so the build needs it.
 */
function siteOrigin(logger: Logger): string {
  const raw = process.env.PUBLIC_URL?.trim();
  if (!raw) {
    logger.warn(`PUBLIC_URL is not set: canonical links, sitemap.xml and share cards name ${LOCAL_ORIGIN}`);
    return LOCAL_ORIGIN;
  }
  const url = URL.canParse(raw) ? new URL(raw) : undefined;
  if (!url || !/^https?:$/.test(url.protocol) || url.origin !== raw.replace(/\/$/, '')) {
    throw new Error(`PUBLIC_URL must be an origin like https://www.example.com (scheme, host, optional port, no path), got "${raw}"`);
  }
  return url.origin;
}

/** The day of the last commit that changed a folder (its content), or today outside a git checkout. */
function lastChanged(root: string, folder: string): string {
  try {
    const day = execFileSync('git', ['log', '-1', '--format=%cs', '--', folder], { cwd: root, encoding: 'utf8', stdio: ['ignore', 'pipe', 'ignore'] }).trim();
    if (/^\d{4}-\d{2}-\d{2}$/.test(day)) return day;
  } catch {
    // No git here (a container build without .git): the build's own day.
  }
  return new Date().toISOString().slice(0, 10);
}

/**
 * Builds the browser app and a server bundle of src/entry-server.tsx, then renders each public
 * marketing page into dist/prerendered/<file>.html (the API serves those for their paths; the
 * browser hydrates them), each with its canonical link, share card and structured data, the
 * frames of the pages the browser renders into dist/frames/<frame>.html (painted before their
 * code arrives; the app replaces them), and writes sitemap.xml and robots.txt. The server bundle is a build by-product and is removed again.
 */
export function prerender(): Plugin {
  return {
    name: 'app:prerender',
    async buildApp(builder: ViteBuilder) {
      const { client, ssr } = builder.environments;
      if (!client || !ssr) throw new Error('prerender: client and ssr environments are required');
      await builder.build(client);
      await builder.build(ssr);

      const root = builder.config.root;
      const dist = path.resolve(root, client.config.build.outDir);
      const ssrDist = path.resolve(root, ssr.config.build.outDir);
      try {
        const manifestPath = path.join(dist, '.vite', 'manifest.json');
        const manifest = JSON.parse(await readFile(manifestPath, 'utf8')) as Manifest;
        // The app shell (pages painted by their JavaScript: booking, login, portal, staff) preloads
        // the app the entry boots at once (src/main.tsx). A pre-rendered page paints without
        // JavaScript, so it preloads none: on a slow phone connection the scripts would share the
        // bandwidth with the stylesheet and the first image, and delay the first paint (Lighthouse:
        // 1.9 s against 1.3 s on /). It links its page's stylesheets; the entry loads the app after
        // the first paint, to hydrate.
        const shellPath = path.join(dist, 'index.html');
        const shell = await readFile(shellPath, 'utf8');
        // The entry's own imports and the app it imports at once (src/app/boot.tsx) with theirs.
        const shellChunks = ['index.html', ...(manifest['index.html']?.dynamicImports ?? [])];
        const appAssets = chunkAssets(manifest, shellChunks, shell);
        await writeFile(shellPath, withAssets(shell, appAssets));
        const entry = (await import(pathToFileURL(path.join(ssrDist, 'entry-server.js')).href)) as typeof ServerEntry;
        const origin = siteOrigin(builder.config.logger);

        await mkdir(path.join(dist, PRERENDERED_DIR), { recursive: true });
        const sitemap = [];
        for (const route of entry.PRERENDER_ROUTES) {
          const page = await entry.render(route.path);
          const stylesheets = { js: [], css: chunkAssets(manifest, [route.source], shell).css };
          const html = pageHtml(shell, page, stylesheets, entry.seoHead(route, page.head, origin));
          await writeFile(path.join(dist, PRERENDERED_DIR, `${route.file}.html`), html);
          // A page changes with its feature folder (its components and content).
          if (entry.isIndexed(route)) sitemap.push({ url: `${origin}${route.path}`, lastmod: lastChanged(root, path.dirname(path.dirname(route.source))) });
        }
        await mkdir(path.join(dist, FRAMES_DIR), { recursive: true });
        const frames = Object.entries(entry.APP_FRAME_PATHS);
        for (const [frame, framePath] of frames) {
          await writeFile(path.join(dist, FRAMES_DIR, `${frame}.html`), frameHtml(shell, await entry.renderFrame(framePath), appAssets));
        }
        sitemap.push(...entry.legalPageEntries(origin));
        await writeFile(path.join(dist, 'sitemap.xml'), entry.sitemapXml(sitemap));
        await writeFile(path.join(dist, 'robots.txt'), entry.robotsTxt(origin));
        // Only the pre-render needs the manifest; the site has no use for it.
        await rm(path.join(dist, '.vite'), { recursive: true, force: true });
        builder.config.logger.info(`pre-rendered ${entry.PRERENDER_ROUTES.length} pages into ${PRERENDERED_DIR}/, ${frames.length} frames into ${FRAMES_DIR}/`);
      } finally {
        await rm(ssrDist, { recursive: true, force: true });
      }
    },
  };
}
