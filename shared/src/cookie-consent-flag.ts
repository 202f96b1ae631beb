import { COOKIE_CONSENT_KEY, COOKIE_CONSENT_VALUE } from './constants';

/** Set on <html> before the first paint when the visitor accepted the cookie notice earlier. */
export const COOKIE_CONSENT_FLAG_ATTRIBUTE = 'data-cookie-consent';

/**
 * The one inline script of the site, in the head of the app's pre-rendered frames (the portal's,
 * the staff area's: web/vite-plugin-prerender.ts). Those frames paint the cookie notice before
 * the app's code arrives; the HTML cannot know about localStorage, so this marks <html> first and
 * the stylesheet hides the notice for a visitor who accepted it. The Content-Security-Policy allows
 * exactly this text by its hash (api/src/middleware/security-headers.ts), so it lives here.
 */
export const COOKIE_CONSENT_FLAG_SCRIPT =
  `try{if(localStorage.getItem(${JSON.stringify(COOKIE_CONSENT_KEY)})===${JSON.stringify(COOKIE_CONSENT_VALUE)})` +
  `document.documentElement.setAttribute(${JSON.stringify(COOKIE_CONSENT_FLAG_ATTRIBUTE)},"given")}catch(e){}`;
