/**
 * Texts of the frame every page shows (header, menus, footer, cookie banner). They live apart
 * from texts.ts, which re-exports them, so the first download of every page carries these few
 * and not every text of every form: a module travels whole, with everything any page uses of it.
 */

// ── Navigation labels (§2) ──────────────────────────────────────────────────────
export const NAV_LABELS = { home: 'Home', about: 'About', contact: 'Contact', pricing: 'Pricing', team: 'Our Team' } as const;
export const ACCOUNT_MENU_LABELS = {
  customerLogin: 'Customer Login',
  servicesLogin: 'Services Login',
  home: 'Home',
  adminHome: 'Admin home',
  logout: 'Logout',
} as const;
export const MOBILE_MENU_LABELS = { manageAccount: 'Manage your account', cleanerSignIn: 'Cleaner sign in' } as const;
/** The phone menu's link to the portal for someone signed in (our wording; the mobile links of docs/product.md §2 are for visitors). */
export const MY_CLEANINGS_LABEL = 'My cleanings';
export const FOOTER_LABELS = { about: 'About', bookNow: 'Book Now', legal: 'Legal', careers: 'Careers' } as const;

// ── Fixed by docs/product.md (§1, §2) ─────────────────────────────────────────
export const HIRING_SOON = 'Hiring Soon!';
export const COOKIE_GOT_IT = 'Got it';

// ── Frame wording docs/product.md only describes (§1, §2; our wording) ─────────────
/** Our wording for the §2 cookie banner. */
export const COOKIE_NOTICE =
  'We use cookies and your browser\'s local storage to keep you signed in and to remember your choices. We don\'t use advertising trackers.';
/** Our wording: accessible name of the banner's dismiss control (§2 "Got it and dismiss"). */
export const COOKIE_DISMISS = 'Dismiss';
/** Our wording for the §1 footer note on stock images. */
export function stockImageNote(site: string, licence: string): string {
  return `Some visuals on this site come from ${site}, used under the ${licence}.`;
}
/** Our wording for the §2 Services Login that is not open yet. */
export const SERVICES_LOGIN_UNAVAILABLE = 'Not available yet';
