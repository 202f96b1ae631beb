import { AppLayout } from './layout';
import { AppRoutes } from './routes';

/** The whole app inside a router (BrowserRouter in app/boot.tsx, StaticRouter in entry-server.tsx). */
export function App() {
  return (
    <AppLayout>
      <AppRoutes />
    </AppLayout>
  );
}
