import { defaultTitle } from '@app/shared/company';
import { COMPANY } from './company';

/** The company's display name (configured in shared/src/brand.ts). */
export const SITE_NAME = COMPANY.name;

/** Title of the home page and of any screen that does not set its own. */
export const DEFAULT_TITLE = defaultTitle(COMPANY);

/** Meta description of any screen that does not set its own (signed-in screens are not indexed anyway). */
export const DEFAULT_DESCRIPTION =
  'Residential, move in / move out and office cleaning across the Atlanta metro. Check your zip code, ' +
  'see prices and request a cleaning online; we reply within 24 hours.';

/** "<page> | <site>", or the default title when the page has none (home). */
export function documentTitle(pageTitle?: string): string {
  return pageTitle ? `${pageTitle} | ${SITE_NAME}` : DEFAULT_TITLE;
}
