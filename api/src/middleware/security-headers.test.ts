import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { COOKIE_CONSENT_FLAG_SCRIPT } from '@app/shared/cookie-consent-flag';
import { LEGAL_PAGE_STYLE } from '@app/shared/legal-page-style';
import { SECURITY_HEADERS, STRICT_TRANSPORT_SECURITY } from './security-headers';

const ROOT = path.resolve(import.meta.dirname, '..', '..', '..');

describe('security headers', () => {
  it('the nginx front of docker compose sends exactly the api\'s', async () => {
    const conf = await readFile(path.join(ROOT, 'dev/docker/nginx/security-headers.conf'), 'utf8');
    const sent = Object.fromEntries([...conf.matchAll(/^add_header (\S+) "([^"]*)" always;$/gm)].map((m) => [m[1], m[2]]));
    expect(sent).toEqual(SECURITY_HEADERS);
    // HSTS as the api's in production, only on answers over HTTPS ($hsts is empty otherwise).
    expect(conf).toMatch(/^add_header Strict-Transport-Security \$hsts always;$/m);
    const routes = await readFile(path.join(ROOT, 'dev/docker/nginx/app-routes.conf'), 'utf8');
    expect(/^\s*https\s+"([^"]*)";$/m.exec(routes)?.[1]).toBe(STRICT_TRANSPORT_SECURITY);
  });

  it('every nginx location that adds a header of its own includes them (add_header does not inherit)', async () => {
    for (const name of ['locations.conf', 'https.conf', 'http.conf']) {
      const conf = await readFile(path.join(ROOT, 'dev/docker/nginx', name), 'utf8');
      const locations = conf.split(/\n\s*location /).slice(1);
      for (const block of locations) {
        if (/\badd_header\b/.test(block)) expect(block, name).toContain('include /etc/nginx/site/security-headers.conf;');
      }
    }
  });

  it('the built pages have no inline script or style the policy would block', async () => {
    const dist = path.join(ROOT, 'web/dist');
    const { readdir } = await import('node:fs/promises');
    const pages = (await readdir(dist, { recursive: true })).filter((f) => f.endsWith('.html'));
    expect(pages.length).toBeGreaterThan(0);
    for (const page of pages) {
      const html = await readFile(path.join(dist, page), 'utf8');
      // The app frames' consent flag is allowed by its hash: exactly that text, nothing else inline.
      const scripts = [...html.matchAll(/<script(?![^>]*\bsrc=)(?![^>]*type="application\/(?:ld\+)?json")[^>]*>([\s\S]*?)<\/script>/g)].map((m) => m[1]);
      expect(scripts.every((js) => js === COOKIE_CONSENT_FLAG_SCRIPT), page).toBe(true);
      if (page.startsWith('frames')) expect(scripts, page).toEqual([COOKIE_CONSENT_FLAG_SCRIPT]);
      // The legal pages' one block is allowed by its hash: exactly that text, nothing else inline.
      const styles = [...html.matchAll(/<style>([\s\S]*?)<\/style>/g)].map((m) => m[1]);
      expect(styles.every((css) => css === LEGAL_PAGE_STYLE), page).toBe(true);
      expect(html, page).not.toMatch(/\sstyle="/);
      expect(html, page).not.toMatch(/\son[a-z]+="/);
    }
  });
});
