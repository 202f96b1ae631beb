import { AppLayout, PAGE_LOADING } from './layout';
import { AppRoutes } from './routes';

/**
 * The whole app inside a router (BrowserRouter in app/boot.tsx, StaticRouter in entry-server.tsx).
 * `frame` renders only the frame with the loading line, no page: what the build pre-renders for
 * the pages the browser renders (booking, sign-in, the portal, the staff area), so they paint
 * before their code arrives (web/vite-plugin-prerender.ts).
 */
export function App({ frame = false }: { frame?: boolean }) {
  return <AppLayout frame={frame}>{frame ? PAGE_LOADING : <AppRoutes />}</AppLayout>;
}
