import { fileURLToPath } from 'node:url';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';

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

const apiOrigin = process.env.API_ORIGIN || 'http://127.0.0.1:3000';
// Same-origin in the browser during development, so session cookies work exactly as in
// production, where the API serves the built app itself.
const apiProxy = Object.fromEntries(
  ['/api', '/healthz', '/readyz'].map((prefix) => [prefix, { target: apiOrigin, xfwd: true }]),
);

export default defineConfig({
  root,
  plugins: [react()],
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
    rolldownOptions: {
      output: {
        codeSplitting: {
          // Libraries every page needs get their own long-cached chunks; everything else
          // (form and validation libraries, page code) follows the lazy routes that use it.
          groups: [
            { name: 'react', test: /node_modules[\\/](react|react-dom|scheduler)[\\/]/, priority: 3 },
            { name: 'router', test: /node_modules[\\/](react-router|react-router-dom|cookie|set-cookie-parser)[\\/]/, priority: 2 },
            { name: 'query', test: /node_modules[\\/]@tanstack[\\/]/, priority: 1 },
          ],
        },
      },
    },
  },
});
