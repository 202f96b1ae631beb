import { AppLayout } from './layout';
import { AppRoutes } from './routes';

/** The whole app inside a router (BrowserRouter in main.tsx, StaticRouter in entry-server.tsx). */
export function App() {
  return (
    <AppLayout>
      <AppRoutes />
    </AppLayout>
  );
}
