/**
 * Texts of the marketing pages every visitor sees first (home, pricing), apart from texts.ts (which
 * re-exports them) for the same reason as frame-texts.ts: the home page downloads these few, not
 * the messages of every form.
 */

// ── Fixed by docs/product.md (§2) ─────────────────────────────────────────────
export const CONTENT_LOAD_FAILED = 'Failed to load content.';
export const GET_STARTED = 'Get Started';
export const SCHEDULE_SERVICE = 'Schedule Service';
export const COMING_SOON = 'Coming Soon';

// ── Our wording ────────────────────────────────────────────────────────────────
/** Our wording: the home zip checker's link for a zip we do not serve yet. */
export const waitlistLink = (zip: string) => `Join the waitlist for ${zip}`;
/** Our wording: the §2 Home promo link that opens the promo terms. */
export const PROMO_TERMS_LINK = 'See promo terms';
/** Our wording: the §2 Pricing card of the commercial service that is not bookable yet. */
export const COMMERCIAL_COMING_SOON = 'Coming soon';
