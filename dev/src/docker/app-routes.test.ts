import { readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { appFrameOf, CLIENT_ROUTE_PATHS, isNotIndexedRoute, NOINDEX } from '@app/shared/routes';
import { APP_FRAME_PATHS, PRERENDER_ROUTES } from '../../../web/src/app/prerender-routes';
import { NGINX_DIR } from './native-nginx';

/** The entries of one `map $uri $<name>` of the nginx front: route pattern → value. */
function nginxMap(variable: string, name: string): Map<string, string> {
  const conf = readFileSync(path.join(NGINX_DIR, 'app-routes.conf'), 'utf8');
  const block = new RegExp(`map \\$${variable} \\$${name} \\{([\\s\\S]*?)\\n\\}`).exec(conf)?.[1] ?? '';
  const entries = [...block.matchAll(/^\s*(\S+)\s+(\S+);$/gm)].map((m) => [m[1]!, m[2]!] as const);
  return new Map(entries.filter(([key]) => key !== 'default'));
}
const nginxPages = () => nginxMap('uri', 'app_page');
// Exact and case-sensitive, one trailing slash tolerated, as isKnownClientRoute.
const routePattern = (route: string) => (route === '/' ? '/' : `~^${route}/?$`);

describe('the nginx front\'s page table (dev/docker/nginx/app-routes.conf)', () => {
  it("has every route of the app, each with its pre-rendered page or its area's frame, and nothing else", () => {
    const prerendered = new Map(PRERENDER_ROUTES.map((r) => [r.path, r.file]));
    const expected = new Map(
      CLIENT_ROUTE_PATHS.map((route) => {
        const file = prerendered.get(route);
        return [routePattern(route), file ? `/prerendered/${file}.html` : `/frames/${appFrameOf(route)}.html`] as const;
      }),
    );
    expect(nginxPages()).toEqual(expected);
  });

  it('sends noindex with exactly the pages the api sends it with', () => {
    // The address as asked for: the path, one trailing slash tolerated, then a query or nothing.
    const expected = new Map(CLIENT_ROUTE_PATHS.filter(isNotIndexedRoute).map((route) => [`~^${route}/?(\\?|$)`, NOINDEX] as const));
    expect(nginxMap('request_uri', 'robots_tag')).toEqual(expected);
  });

  it('routes no path to a file the build does not make', () => {
    const files = new Set([...Object.keys(APP_FRAME_PATHS).map((frame) => `/frames/${frame}.html`), ...PRERENDER_ROUTES.map((r) => `/prerendered/${r.file}.html`)]);
    for (const page of nginxPages().values()) expect(files.has(page), page).toBe(true);
  });
});
