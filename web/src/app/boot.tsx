import { startTransition, StrictMode } from 'react';
import { createRoot, hydrateRoot } from 'react-dom/client';
import { BrowserRouter } from 'react-router';
import { App } from './app';
import { pageFor } from './routes';

const app = (
  <StrictMode>
    <BrowserRouter>
      <App />
    </BrowserRouter>
  </StrictMode>
);

/**
 * Starts the app in the page's root element. A pre-rendered page (see vite-plugin-prerender.ts) is
 * hydrated once its page's code has loaded, so React adopts the server HTML instead of replacing
 * it; other pages (booking, login, portal, staff) are rendered, replacing the frame they arrived
 * in (its markup is not the page's, so it is not hydrated).
 */
export function startApp(container: HTMLElement, prerendered: boolean): void {
  if (prerendered) {
    void pageFor(window.location.pathname)
      .preload()
      .finally(() => hydrateRoot(container, app));
  } else {
    // As a transition, React renders the page in slices and lets the browser answer input between
    // them, instead of one long task that blocks the main thread (the booking form's first render).
    startTransition(() => createRoot(container).render(app));
  }
}
