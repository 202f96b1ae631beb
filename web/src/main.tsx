import { afterFirstPaint } from './lib/after-first-paint';
import './styles.css';

const container = document.getElementById('root');
if (!container) throw new Error('index.html must contain an element with id "root"');

// Marketing pages arrive pre-rendered (see vite-plugin-prerender.ts) and paint without the app:
// it loads after the first paint, to hydrate them. The other pages arrive in a pre-rendered frame
// (header, loading line, cookie notice) that paints as fast; the app loads after that paint too,
// and replaces it. Without either (the development server's page), the app starts at once.
const frame = container.getAttribute('data-app-frame');
const prerendered = frame === null && container.firstElementChild !== null;
const start = () => {
  // A frame names the app's chunks: fetched together now, not one import level at a time.
  for (const href of frame?.split(' ').filter(Boolean) ?? []) {
    const link = document.createElement('link');
    link.rel = 'modulepreload';
    link.href = href;
    document.head.append(link);
  }
  void import('./app/boot').then(({ startApp }) => startApp(container, prerendered));
};
if (prerendered || frame !== null) afterFirstPaint(start);
else start();
