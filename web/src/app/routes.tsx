import { CLIENT_ROUTES, type ClientRouteName } from '@app/shared/routes';
import { useLocation } from 'react-router';
import { NOT_FOUND_PAGE, PAGES, type LazyPage } from './pages';

// Every route of the product is a fixed path (docs/product.md §2 has no path parameters), so matching is a
// lookup: exact and case-sensitive like the API's check (/admin/scheduledsnapshot is a 404 in
// both places), with one trailing slash tolerated. This replaces the router's route ranking,
// which the marketing pages would otherwise download for nothing.
const PAGE_BY_PATH: ReadonlyMap<string, LazyPage> = new Map(
  (Object.keys(PAGES) as ClientRouteName[]).map((name) => [CLIENT_ROUTES[name], PAGES[name]]),
);

/** The lazy page that `pathname` renders (the not-found page for unknown paths). */
export function pageFor(pathname: string): LazyPage {
  const exact = PAGE_BY_PATH.get(pathname);
  if (exact) return exact;
  const withoutSlash = pathname.length > 1 && pathname.endsWith('/') ? pathname.slice(0, -1) : null;
  return (withoutSlash !== null && withoutSlash !== '/' && PAGE_BY_PATH.get(withoutSlash)) || NOT_FOUND_PAGE;
}

/** The page of the current location, inside BrowserRouter (browser) or StaticRouter (pre-render). */
export function AppRoutes() {
  const { Component } = pageFor(useLocation().pathname);
  return <Component />;
}
