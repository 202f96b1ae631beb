import { afterFirstPaint } from './lib/after-first-paint';
import './styles.css';

const container = document.getElementById('root');
if (!container) throw new Error('index.html must contain an element with id "root"');

// Marketing pages arrive pre-rendered (see vite-plugin-prerender.ts) and paint without the app:
// it loads after the first paint, to hydrate them. Other pages start empty and need it at once.
const prerendered = container.firstElementChild !== null;
const start = () => void import('./app/boot').then(({ startApp }) => startApp(container, prerendered));
if (prerendered) afterFirstPaint(start);
else start();
