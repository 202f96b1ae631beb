import { StrictMode } from 'react';
import { createRoot, hydrateRoot } from 'react-dom/client';
import { BrowserRouter } from 'react-router-dom';
import { App } from './app/app';
import { pageFor } from './app/routes';
import './styles.css';

const container = document.getElementById('root');
if (!container) throw new Error('index.html must contain an element with id "root"');

const app = (
  <StrictMode>
    <BrowserRouter>
      <App />
    </BrowserRouter>
  </StrictMode>
);

// Marketing pages arrive pre-rendered (see vite-plugin-prerender.ts): hydrate them once the page's
// code is here, so React adopts the server HTML instead of replacing it. Other pages start empty.
if (container.firstElementChild) {
  void pageFor(window.location.pathname)
    .preload()
    .finally(() => hydrateRoot(container, app));
} else {
  createRoot(container).render(app);
}
