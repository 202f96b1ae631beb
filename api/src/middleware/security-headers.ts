import { createHash } from 'node:crypto';
import type { Middleware } from 'koa';
import { COOKIE_CONSENT_FLAG_SCRIPT } from '@app/shared/cookie-consent-flag';
import { LEGAL_PAGE_STYLE } from '@app/shared/legal-page-style';

const sha256 = (text: string) => `'sha256-${createHash('sha256').update(text).digest('base64')}'`;
/** The standalone legal pages' one <style> block, allowed by its hash and nothing else inline. */
const LEGAL_STYLE_HASH = sha256(LEGAL_PAGE_STYLE);
/** The app frames' one inline script (hides the cookie notice once accepted), allowed by its hash. */
const CONSENT_FLAG_HASH = sha256(COOKIE_CONSENT_FLAG_SCRIPT);

/**
 * The site's Content-Security-Policy: everything from our own origin, no plugin, no framing.
 * The built pages carry no inline script but the app frames' consent flag, and no inline style
 * but the legal pages' one block, each allowed by its hash (a test checks both); images may also be data:
 * and blob: URLs (the booking form previews the photos a visitor picks).
 */
export const CONTENT_SECURITY_POLICY = [
  "default-src 'self'",
  `script-src 'self' ${CONSENT_FLAG_HASH}`,
  `style-src 'self' ${LEGAL_STYLE_HASH}`,
  "img-src 'self' data: blob:",
  "font-src 'self'",
  "connect-src 'self'",
  "object-src 'none'",
  "base-uri 'none'",
  "form-action 'self'",
  "frame-ancestors 'none'",
].join('; ');

/**
 * The queue dashboard's own policy: bull-board's page styles its loading screen inline (style
 * attributes and a <style>) and sets a <base href> its asset paths are relative to; its scripts
 * are files of its own, like ours. Staff only.
 */
export const QUEUE_DASHBOARD_CSP = CONTENT_SECURITY_POLICY.replace(/style-src [^;]+/, "style-src 'self' 'unsafe-inline'").replace("base-uri 'none'", "base-uri 'self'");

/** Browser features no page of ours uses: refused to us and to anything we might embed. */
export const PERMISSIONS_POLICY = 'camera=(), microphone=(), geolocation=(), payment=(), usb=(), serial=(), bluetooth=(), magnetometer=(), gyroscope=(), accelerometer=()';

/**
 * Headers on every answer of the api, pages, assets, JSON and errors alike. The nginx front
 * of docker compose sends the same on what it serves itself (dev/docker/nginx/; a test
 * compares the two).
 */
export const SECURITY_HEADERS: Readonly<Record<string, string>> = {
  'Content-Security-Policy': CONTENT_SECURITY_POLICY,
  'X-Content-Type-Options': 'nosniff',
  'Referrer-Policy': 'strict-origin-when-cross-origin',
  'Permissions-Policy': PERMISSIONS_POLICY,
  'Cross-Origin-Opener-Policy': 'same-origin',
  // For browsers that predate frame-ancestors.
  'X-Frame-Options': 'DENY',
};

/** Production only: browsers then refuse plain HTTP to this host for two years. */
export const STRICT_TRANSPORT_SECURITY = 'max-age=63072000; includeSubDomains';

export function securityHeaders(options: { hsts: boolean }): Middleware {
  return async (ctx, next) => {
    ctx.set({ ...SECURITY_HEADERS, ...(options.hsts ? { 'Strict-Transport-Security': STRICT_TRANSPORT_SECURITY } : {}) });
    await next();
  };
}
