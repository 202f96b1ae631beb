import { readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { CLIENT_ROUTE_PATHS } from '@app/shared/routes';
import { PRERENDER_ROUTES } from '../../../web/src/app/prerender-routes';
import { NGINX_DIR } from './native-nginx';

/** The `map $uri $app_page` entries of the nginx front: route pattern → file served. */
function nginxPages(): Map<string, string> {
  const conf = readFileSync(path.join(NGINX_DIR, 'app-routes.conf'), 'utf8');
  const block = /map \$uri \$app_page \{([\s\S]*?)\n\}/.exec(conf)?.[1] ?? '';
  const entries = [...block.matchAll(/^\s*(\S+)\s+(\S+);$/gm)].map((m) => [m[1]!, m[2]!] as const);
  return new Map(entries.filter(([key]) => key !== 'default'));
}

describe('the nginx front\'s page table (dev/docker/nginx/app-routes.conf)', () => {
  it('has every route of the app, each with its pre-rendered page or the app shell, and nothing else', () => {
    const prerendered = new Map(PRERENDER_ROUTES.map((r) => [r.path, r.file]));
    const expected = new Map(
      CLIENT_ROUTE_PATHS.map((route) => {
        const file = prerendered.get(route);
        // Exact and case-sensitive, one trailing slash tolerated, as isKnownClientRoute.
        const key = route === '/' ? '/' : `~^${route}/?$`;
        return [key, file ? `/prerendered/${file}.html` : '/index.html'] as const;
      }),
    );
    expect(nginxPages()).toEqual(expected);
  });

  it('routes no path to a file the build does not make', () => {
    const files = new Set(['/index.html', ...PRERENDER_ROUTES.map((r) => `/prerendered/${r.file}.html`)]);
    for (const page of nginxPages().values()) expect(files.has(page), page).toBe(true);
  });
});
