import { useEffect } from 'react';
import { DEFAULT_TITLE, SITE_NAME } from './site';

/**
 * Sets the tab title for the current page: "<page> | <site>", or the default title when no page
 * title is given. Screen readers announce it after client-side navigation, so keep it specific.
 */
export function useDocumentTitle(pageTitle?: string): void {
  useEffect(() => {
    document.title = pageTitle ? `${pageTitle} | ${SITE_NAME}` : DEFAULT_TITLE;
  }, [pageTitle]);
}
