/**
 * The company's display name. The specification never names the company, so this is the one
 * place to change it (index.html carries the same text for the first paint).
 */
export const SITE_NAME = 'Atlanta Home Cleaning';

/** Title of the home page and of any screen that does not set its own. */
export const DEFAULT_TITLE = `${SITE_NAME} — Home & Office Cleaning in Metro Atlanta`;
