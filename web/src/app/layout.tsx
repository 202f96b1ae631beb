import { useEffect, useRef, type ReactNode } from 'react';
import { Outlet, useLocation, useNavigation } from 'react-router-dom';
import { ScrollToTop } from './scroll-to-top';
import { SiteFooter } from './site-footer';
import { SiteHeader } from './site-header';

/** The shared frame around every page (route element of the root route). */
export function AppLayout() {
  return (
    <Frame>
      <Outlet />
    </Frame>
  );
}

/** The frame while the first page's code is still loading, so the header paints at once. */
export function AppLayoutFallback() {
  return (
    <Frame>
      <p className="page-loading">Loading…</p>
    </Frame>
  );
}

function Frame({ children }: { children: ReactNode }) {
  const { pathname } = useLocation();
  const loading = useNavigation().state !== 'idle';
  const mainRef = useRef<HTMLElement>(null);
  const isFirstPath = useRef(true);

  useEffect(() => {
    // After a client-side navigation, start keyboard and screen-reader users at the new content
    // instead of the link they clicked; the first page load keeps the browser's own behaviour.
    if (isFirstPath.current) {
      isFirstPath.current = false;
      return;
    }
    mainRef.current?.focus({ preventScroll: true });
  }, [pathname]);

  return (
    <>
      <a className="skip-link" href="#main-content">
        Skip to main content
      </a>
      <ScrollToTop />
      <SiteHeader />
      {loading ? <div className="route-progress" aria-hidden="true" /> : null}
      <main id="main-content" ref={mainRef} tabIndex={-1} aria-busy={loading} className="container">
        {/* Keyed by path so each page plays the entry animation (spec §2: pages animate). */}
        <div key={pathname} className="route-transition">
          {children}
        </div>
      </main>
      <SiteFooter />
    </>
  );
}
