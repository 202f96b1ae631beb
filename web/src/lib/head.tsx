import { useEffect } from 'react';
import { DEFAULT_DESCRIPTION, documentTitle } from './site';

export interface HeadData {
  title: string;
  description: string;
  /** The page's own name without the site's ('Pricing'); none on the home page. */
  pageTitle?: string;
}

// Set only while pre-rendering (one page at a time): there is no document there, so pages hand
// their head data to the pre-render instead. A module variable rather than a context provider
// keeps the component tree identical to the browser's, which hydration and useId rely on.
let collector: ((head: HeadData) => void) | null = null;

export function collectHead(collect: ((head: HeadData) => void) | null): void {
  collector = collect;
}

/**
 * Sets the page's tab title and meta description. In the browser after each navigation (screen
 * readers announce the new title); during pre-rendering it reports them so the static HTML carries
 * the same head that crawlers and link previews read.
 */
export function usePageHead(pageTitle?: string, description: string = DEFAULT_DESCRIPTION): void {
  const title = documentTitle(pageTitle);
  collector?.({ title, description, ...(pageTitle ? { pageTitle } : {}) });
  useEffect(() => {
    document.title = title;
    document.querySelector('meta[name="description"]')?.setAttribute('content', description);
  }, [title, description]);
}
