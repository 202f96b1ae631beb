import { CLIENT_ROUTE_PATHS, CLIENT_ROUTES } from '@app/shared/routes';
import { matchRoutes, type RouteObject } from 'react-router-dom';
import { describe, expect, it } from 'vitest';
import { NotFoundPage } from '../features/not-found/routes/not-found-page';
import { appRoutes } from './router';

/** The innermost route the router would render for `pathname`. */
function leafRoute(pathname: string): RouteObject {
  const matches = matchRoutes(appRoutes, pathname);
  const leaf = matches?.at(-1)?.route;
  if (!leaf) throw new Error(`no route matched ${pathname}`);
  return leaf;
}

async function loadPageComponent(route: RouteObject): Promise<unknown> {
  if (typeof route.lazy !== 'function') throw new Error('page routes are lazy');
  const loaded = await route.lazy();
  return 'Component' in loaded ? loaded.Component : undefined;
}

describe('app routes', () => {
  it('gives every known client path its own lazily loaded page', async () => {
    for (const path of CLIENT_ROUTE_PATHS) {
      const route = leafRoute(path);
      expect(route.path, path).not.toBe('*');
      expect(typeof (await loadPageComponent(route)), path).toBe('function');
    }
  });

  it('sends unknown paths, and known paths in the wrong case, to the not-found page', async () => {
    for (const path of ['/no-such-page', '/admin/scheduledsnapshot', '/About', '/booking/confirmation/extra']) {
      expect(leafRoute(path).path, path).toBe('*');
    }
    expect(await loadPageComponent(leafRoute('/no-such-page'))).toBe(NotFoundPage);
  });

  it('tolerates a trailing slash like the API does', () => {
    expect(leafRoute('/about/').path).toBe(CLIENT_ROUTES.about);
    expect(leafRoute('/admin/ScheduledSnapshot/').path).toBe(CLIENT_ROUTES.adminScheduledSnapshot);
  });
});
