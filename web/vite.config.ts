import path from 'node:path';
import { fileURLToPath } from 'node:url';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';
import { companyConfig } from './vite-plugin-company.ts';
import { imagery } from './vite-plugin-imagery.ts';
import { legalPages } from './vite-plugin-legal-pages.ts';
import { prerender, SSR_OUT_DIR } from './vite-plugin-prerender.ts';
import { treeShakeableRouter } from './vite-plugin-tree-shakeable-router.ts';

const root = fileURLToPath(new URL('.', import.meta.url));

// Read once at start so a bad value fails loudly instead of silently using another port.
function readPort(name: string, fallback: number): number {
  const raw = process.env[name];
  if (raw === undefined || raw === '') return fallback;
  const port = Number(raw);
  if (!Number.isInteger(port) || port < 1 || port > 65_535) {
    throw new Error(`${name} must be a TCP port number, got "${raw}"`);
  }
  return port;
}

// Every `import … from 'zod'` of the web app gets zod configured for the CSP first.
const jitlessZod = { find: /^zod$/, replacement: path.join(root, 'src/lib/zod-jitless.ts') };

const apiOrigin = process.env.API_ORIGIN || 'http://127.0.0.1:3000';
// Same-origin in the browser during development, so session cookies work exactly as in
// production, where the API serves the built app itself.
const apiProxy = Object.fromEntries(
  ['/api', '/healthz', '/readyz', '/admin/queues'].map((prefix) => [prefix, { target: apiOrigin, xfwd: true }]),
);

export default defineConfig(() => ({
  root,
  plugins: [react(), treeShakeableRouter(), companyConfig(), imagery(), legalPages(), prerender()],
  // `vite build` builds the browser app and the pre-render's server bundle (see prerender()).
  builder: {},
  resolve: { alias: [jitlessZod] },
  environments: {
    client: {
      // The pre-render reads it to preload each page's chunks; it deletes the file afterwards.
      build: { manifest: true },
    },
    ssr: {
      build: {
        outDir: SSR_OUT_DIR,
        emptyOutDir: true,
        rolldownOptions: { input: { 'entry-server': 'src/entry-server.tsx' } },
      },
    },
  },
  server: {
    host: '127.0.0.1',
    port: readPort('WEB_PORT', 5173),
    strictPort: true,
    proxy: apiProxy,
  },
  preview: {
    host: '127.0.0.1',
    strictPort: true,
    proxy: apiProxy,
  },
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    // No module preloads for dynamic imports: a page chunk's dependencies (React, the router) are
    // already loaded by then. (Vite still wraps dynamic imports in its small helper, which loads
    // a lazy chunk's stylesheet.) The pre-render adds <link rel="modulepreload"> tags for what the
    // app shell needs instead. Preloading a page's whole chunk graph at once was tried
    // (2026-12-02, docs/benchmarks.md): the chunks then finish before the first paint, and
    // Lighthouse's simulation counts them as blocking it, so LCP on the portal and staff pages
    // rose by 0.6-0.9 s while their content came no sooner in its figures.
    modulePreload: false,
    rolldownOptions: {
      output: {
        codeSplitting: {
          // React and the router, which every page needs, share one long-cached chunk; everything
          // else (data, form and validation libraries, page code) follows the lazy routes using it.
          groups: [{ name: 'vendor', test: /node_modules[\\/](react|react-dom|scheduler|react-router)[\\/]/ }],
        },
      },
    },
  },
}));
