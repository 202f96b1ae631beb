/**
 * Client-side routes of the single-page app (docs/product.md §2): the routes of the route list plus the
 * other paths the product links to. The web router builds its routes from this table and the
 * API uses `isKnownClientRoute` to answer every other path with HTTP 404 (it still serves the
 * app, which then renders its not-found page), so the two can never disagree.
 */
export const CLIENT_ROUTES = {
  home: '/',
  about: '/about',
  booking: '/booking',
  bookingConfirmation: '/booking/confirmation',
  portal: '/portal',
  team: '/team',
  legal: '/legal',
  pricing: '/pricing',
  contact: '/contact',
  comingSoon: '/comingsoon',
  // Not in the list of docs/product.md §2: the out-of-area waitlist the home zip checker leads to.
  waitlist: '/waitlist',
  careers: '/careers',
  checkoutSuccess: '/checkout-success',
  // Not in the list of docs/product.md §2: a cleaning's tip for its cleaner, from a text's link.
  tip: '/tip',
  login: '/login',
  adminLogin: '/admin/login',
  adminDashboard: '/admin/dashboard',
  // Capitalised on purpose: this is the path the product links to.
  adminScheduledSnapshot: '/admin/ScheduledSnapshot',
  terms: '/terms',
  adminLookup: '/admin/lookup',
  adminInvites: '/admin/dashboard/invites',
  sessionManager: '/internal/sessionmanager',
  cleanerRoster: '/admin/cleaner-roster',
  // Not in the list of docs/product.md §2: the staff page that manages what the public Careers page shows.
  adminCareers: '/admin/careers',
  // Likewise for the public Team page.
  adminTeam: '/admin/team',
  // New booking requests, open change/cancel requests and re-clean claims, in one list (staff).
  adminRequests: '/admin/requests',
  // One cleaning (?id=), where the office quotes, schedules, answers and closes it out (staff).
  adminCleaning: '/admin/cleaning',
  // Recurring customers' plans, active, paused and ended, each with its next visit (staff).
  adminPlans: '/admin/plans',
  // The month's money: invoiced, paid, owed by age, tips per cleaner, who owes the most (staff).
  adminMoney: '/admin/money',
  // Not in the list of docs/product.md §2: a cleaner's own page, today's and tomorrow's cleanings.
  cleanerDay: '/cleaner',
} as const;

/** The id of a deal's card on the portal page: the page's summary and the customer's e-mails link to it. */
export const dealCardId = (dealId: string): string => `deal-${dealId}`;

/** The portal at one cleaning's card (an e-mail's link to the quote it asks to approve). */
export const portalDealPath = (dealId: string): string => `${CLIENT_ROUTES.portal}#${dealCardId(dealId)}`;

/** The deal card a link's fragment names ('#deal-<id>', as the quote e-mail links it), or null. */
export function cardIdInHash(hash: string): string | null {
  const prefix = dealCardId('');
  let id: string;
  try {
    id = hash.startsWith('#') ? decodeURIComponent(hash.slice(1)) : '';
  } catch {
    return null; // A fragment typed with a stray '%'.
  }
  return id.startsWith(prefix) && id.length > prefix.length ? id : null;
}

export type ClientRouteName = keyof typeof CLIENT_ROUTES;
export type ClientRoutePath = (typeof CLIENT_ROUTES)[ClientRouteName];

/** Every known client path, in the order of docs/product.md §2. */
export const CLIENT_ROUTE_PATHS: readonly ClientRoutePath[] = Object.values(CLIENT_ROUTES);

const KNOWN_PATHS: ReadonlySet<string> = new Set(CLIENT_ROUTE_PATHS);

/**
 * Whether `pathname` (a URL path without query or fragment) is a page of the app.
 * Exact and case-sensitive, because `/admin/ScheduledSnapshot` has capitals and the router
 * matches case-sensitively too; one trailing slash is tolerated (`/about/`), as the router does.
 */
export function isKnownClientRoute(pathname: string): boolean {
  if (KNOWN_PATHS.has(pathname)) return true;
  if (!pathname.endsWith('/')) return false;
  const withoutSlash = pathname.slice(0, -1);
  // '//' is not the home page with a tolerated slash: only a named path may carry one.
  return withoutSlash.length > 1 && KNOWN_PATHS.has(withoutSlash);
}

/**
 * The pages of the staff workspace: they render in its own frame (header, navigation, sign-out)
 * instead of the public site's. /admin/login is not one: nobody is signed in there yet.
 */
const STAFF_AREA: ReadonlySet<string> = new Set<string>([
  CLIENT_ROUTES.adminDashboard,
  CLIENT_ROUTES.adminScheduledSnapshot,
  CLIENT_ROUTES.adminLookup,
  CLIENT_ROUTES.adminInvites,
  CLIENT_ROUTES.sessionManager,
  CLIENT_ROUTES.cleanerRoster,
  CLIENT_ROUTES.adminCareers,
  CLIENT_ROUTES.adminTeam,
  CLIENT_ROUTES.adminRequests,
  CLIENT_ROUTES.adminCleaning,
  CLIENT_ROUTES.adminPlans,
  CLIENT_ROUTES.adminMoney,
]);

const withoutTrailingSlash = (pathname: string) => (pathname.length > 1 && pathname.endsWith('/') ? pathname.slice(0, -1) : pathname);

export function isStaffAreaRoute(pathname: string): boolean {
  return STAFF_AREA.has(withoutTrailingSlash(pathname));
}

/**
 * The cleaner's pages: a phone-first frame of their own (neither the public site's header and
 * footer nor the staff frame, whose tools a cleaner may not open).
 */
const CLEANER_AREA: ReadonlySet<string> = new Set<string>([CLIENT_ROUTES.cleanerDay]);

export function isCleanerAreaRoute(pathname: string): boolean {
  return CLEANER_AREA.has(withoutTrailingSlash(pathname));
}

/**
 * The pre-rendered frame a page the browser renders itself arrives in (web/vite-plugin-prerender.ts):
 * the public site's (header, footer) or the bare one of the staff and cleaner areas, which draw
 * their own.
 */
export const APP_FRAME_NAMES = ['site', 'staff'] as const;
export type AppFrame = (typeof APP_FRAME_NAMES)[number];

export function appFrameOf(pathname: string): AppFrame {
  return isStaffAreaRoute(pathname) || isCleanerAreaRoute(pathname) ? 'staff' : 'site';
}

/**
 * Pages search engines must leave out of their results (sent with `X-Robots-Tag: noindex`):
 * sign-in steps, the customer's own pages, the staff area, and the pages that only follow a
 * request or a payment. Not blocked in robots.txt, or crawlers could never read the noindex.
 */
const NOT_INDEXED: ReadonlySet<string> = new Set<string>([
  ...STAFF_AREA,
  ...CLEANER_AREA,
  CLIENT_ROUTES.login,
  CLIENT_ROUTES.portal,
  CLIENT_ROUTES.adminLogin,
  CLIENT_ROUTES.bookingConfirmation,
  CLIENT_ROUTES.checkoutSuccess,
  CLIENT_ROUTES.tip,
]);

export function isNotIndexedRoute(pathname: string): boolean {
  return NOT_INDEXED.has(withoutTrailingSlash(pathname));
}

/** The header value sent with every page of NOT_INDEXED. */
export const NOINDEX = 'noindex';

/**
 * The queue dashboard (bull-board), a page the API serves itself, for staff. Outside /api, so
 * the session cookie is scoped to the whole site and the session middleware reads it on this
 * path too; the dev server and the Docker front proxy it to the API.
 */
export const QUEUE_DASHBOARD_PATH = '/admin/queues';

/**
 * Where Twilio posts a text message's status callbacks (form-encoded, signed with
 * X-Twilio-Signature). The worker builds its default StatusCallback URL from it and the api
 * keeps the path out of the JSON-only, session and origin checks (a server-to-server POST).
 */
export const TWILIO_STATUS_CALLBACK_PATH = '/api/twilio/status';

/**
 * Where Twilio posts the texts people send to our number (the number's "A message comes in"
 * webhook): STOP, START and HELP replies among them. Form-encoded and signed, like the above.
 */
export const TWILIO_INBOUND_PATH = '/api/twilio/inbound';
/** An e-mail's unsubscribe link (docs/email.md): opened in a browser, or posted by the mailbox (RFC 8058 one-click). */
export const EMAIL_UNSUBSCRIBE_PATH = '/api/email/unsubscribe';
/**
 * Where the e-mail provider posts what became of each e-mail (docs/email.md#bounces-and-complaints):
 * hard bounces, complaints, deliveries. JSON signed inside the body; a server-to-server POST like
 * Twilio's, kept out of the JSON parser, session and origin checks.
 */
export const EMAIL_EVENTS_PATH = '/api/email/events';
