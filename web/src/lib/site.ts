import { BRAND } from '@app/shared/brand';

/** The company's display name (configured in shared/src/brand.ts; index.html repeats it for the first paint). */
export const SITE_NAME = BRAND.name;

/** Title of the home page and of any screen that does not set its own. */
export const DEFAULT_TITLE = `${BRAND.name} — ${BRAND.tagline}`;
