import { CLIENT_ROUTES, type AppFrame } from '@app/shared/routes';
import type { ImageSlot } from '../types/imagery';

export interface PrerenderRoute {
  /** The path rendered, and the URL the server answers with the result. */
  path: string;
  /** File name (without .html) inside dist/prerendered/; the API looks pages up by it. */
  file: string;
  /** The page's module (as in pages.ts), whose chunk the HTML preloads so hydration starts sooner. */
  source: string;
  /** The picture of the page's share card (link previews): the image the page shows, if any. */
  shareImage: ImageSlot;
}

const route = (path: string, file: string, feature: string, page: string, shareImage: ImageSlot = 'home-hero'): PrerenderRoute => ({
  path,
  file,
  source: `src/features/${feature}/routes/${page}.tsx`,
  shareImage,
});

/**
 * Public pages whose content does not depend on the visitor: built into static HTML so crawlers
 * and the first paint get real content (the browser then hydrates them). Pages driven by the query
 * string or a session (booking, login, portal, the staff area) are left to the browser.
 */
export const PRERENDER_ROUTES: readonly PrerenderRoute[] = [
  route(CLIENT_ROUTES.home, 'index', 'marketing', 'home-page'),
  route(CLIENT_ROUTES.about, 'about', 'marketing', 'about-page', 'about'),
  route(CLIENT_ROUTES.pricing, 'pricing', 'marketing', 'pricing-page', 'services'),
  route(CLIENT_ROUTES.team, 'team', 'marketing', 'team-page', 'home-trust'),
  route(CLIENT_ROUTES.careers, 'careers', 'careers', 'careers-page'),
  route(CLIENT_ROUTES.legal, 'legal', 'legal', 'legal-page'),
  route(CLIENT_ROUTES.terms, 'terms', 'legal', 'terms-page'),
  route(CLIENT_ROUTES.contact, 'contact', 'support-ticket', 'contact-page'),
  route(CLIENT_ROUTES.comingSoon, 'comingsoon', 'signup', 'coming-soon-page'),
  route(CLIENT_ROUTES.checkoutSuccess, 'checkout-success', 'checkout', 'checkout-success-page'),
  // Any unknown path renders the not-found page; the API serves this file with status 404.
  route('/__not-found__', '404', 'not-found', 'not-found-page'),
];

/**
 * The frames of the pages left to the browser (dist/frames/<frame>.html): each painted from its
 * HTML before the app's code arrives, rendered at a path of its area (the site's at one no link
 * points to, so no navigation link looks current). The API and the nginx front serve each page its
 * frame (appFrameOf).
 */
export const APP_FRAME_PATHS: Readonly<Record<AppFrame, string>> = {
  site: '/__frame__',
  staff: CLIENT_ROUTES.adminDashboard,
};
