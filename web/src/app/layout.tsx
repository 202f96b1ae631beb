import { Suspense, useEffect, useRef, type ReactNode } from 'react';
import { isCleanerAreaRoute, isStaffAreaRoute } from '@app/shared/routes';
import { useLocation } from 'react-router';
import { CookieBanner } from './cookie-banner';
import { PageErrorBoundary } from './page-error-boundary';
import { ScrollToTop } from './scroll-to-top';
import { SiteFooter } from './site-footer';
import { SiteHeader } from './site-header';

/**
 * The shared frame around every page (docs/product.md §2). The staff workspace brings its own header and
 * navigation (features/staff StaffFrame), so its pages get neither the site's header nor footer; nor
 * does the cleaner's day (features/cleaner), a page of its own read on a phone. `frame` is the
 * build's pre-rendered frame of the pages the browser renders (app.tsx): the cookie notice is in
 * its HTML.
 */
export const PAGE_LOADING = <p className="page-loading container">Loading…</p>;

export function AppLayout({ children, frame = false }: { children: ReactNode; frame?: boolean }) {
  const { pathname } = useLocation();
  const mainRef = useRef<HTMLElement>(null);
  const firstPath = useRef(pathname);
  const navigated = useRef(false);
  if (pathname !== firstPath.current) navigated.current = true;
  const staffArea = isStaffAreaRoute(pathname) || isCleanerAreaRoute(pathname);

  useEffect(() => {
    // Marks the page interactive: pre-rendered HTML looks ready before its scripts run, and
    // browser tests wait for this before they click.
    document.documentElement.dataset.hydrated = 'true';
  }, []);

  useEffect(() => {
    // After a client-side navigation, start keyboard and screen-reader users at the new content
    // instead of the link they clicked; the first page load keeps the browser's own behaviour.
    if (navigated.current) mainRef.current?.focus({ preventScroll: true });
  }, [pathname]);

  return (
    <>
      <a className="skip-link" href="#main-content">
        Skip to main content
      </a>
      <ScrollToTop />
      {staffArea ? null : <SiteHeader />}
      <main id="main-content" ref={mainRef} tabIndex={-1}>
        {/* Keyed by path so each page plays the entry animation (docs/product.md §2: pages animate); the first
            page does not, so pre-rendered content paints at once. */}
        <div key={pathname} className={navigated.current ? 'route-transition' : undefined}>
          <PageErrorBoundary>
            <Suspense fallback={PAGE_LOADING}>{children}</Suspense>
          </PageErrorBoundary>
        </div>
      </main>
      {staffArea ? null : <SiteFooter />}
      <CookieBanner inFrame={frame} />
    </>
  );
}
