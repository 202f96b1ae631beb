import { CLIENT_ROUTES, type ClientRouteName } from '@app/shared/routes';
import type { ComponentType } from 'react';
import { createBrowserRouter, type RouteObject } from 'react-router-dom';
import { AppLayout, AppLayoutFallback } from './layout';
import { RouteErrorPage } from './route-error-page';

type LazyPage = () => Promise<{ Component: ComponentType }>;

/** A route's page, loaded on first visit so each page (and all admin code) is its own chunk. */
function page<M>(load: () => Promise<M>, pick: (module: M) => ComponentType): LazyPage {
  return async () => ({ Component: pick(await load()) });
}

// Keyed by the shared route table: `satisfies` makes a path without a page (or a page without a
// path) a type error, so the router and the API's 404 answers stay in step.
const PAGES = {
  home: page(() => import('../features/marketing/routes/home-page'), (m) => m.HomePage),
  about: page(() => import('../features/marketing/routes/about-page'), (m) => m.AboutPage),
  team: page(() => import('../features/marketing/routes/team-page'), (m) => m.TeamPage),
  pricing: page(() => import('../features/marketing/routes/pricing-page'), (m) => m.PricingPage),
  contact: page(() => import('../features/contact/routes/contact-page'), (m) => m.ContactPage),
  careers: page(() => import('../features/careers/routes/careers-page'), (m) => m.CareersPage),
  comingSoon: page(() => import('../features/prelaunch/routes/coming-soon-page'), (m) => m.ComingSoonPage),
  legal: page(() => import('../features/legal/routes/legal-page'), (m) => m.LegalPage),
  terms: page(() => import('../features/legal/routes/terms-page'), (m) => m.TermsPage),
  booking: page(() => import('../features/booking/routes/booking-page'), (m) => m.BookingPage),
  bookingConfirmation: page(
    () => import('../features/booking/routes/booking-confirmation-page'),
    (m) => m.BookingConfirmationPage,
  ),
  checkoutSuccess: page(
    () => import('../features/checkout/routes/checkout-success-page'),
    (m) => m.CheckoutSuccessPage,
  ),
  login: page(() => import('../features/auth/routes/login-page'), (m) => m.LoginPage),
  portal: page(() => import('../features/portal/routes/portal-page'), (m) => m.PortalPage),
  adminLogin: page(() => import('../features/admin/routes/admin-login-page'), (m) => m.AdminLoginPage),
  adminDashboard: page(
    () => import('../features/admin/routes/admin-dashboard-page'),
    (m) => m.AdminDashboardPage,
  ),
  adminScheduledSnapshot: page(
    () => import('../features/admin/routes/scheduled-snapshot-page'),
    (m) => m.ScheduledSnapshotPage,
  ),
  adminLookup: page(() => import('../features/admin/routes/customer-lookup-page'), (m) => m.CustomerLookupPage),
  adminInvites: page(() => import('../features/admin/routes/invites-page'), (m) => m.InvitesPage),
  sessionManager: page(() => import('../features/admin/routes/session-manager-page'), (m) => m.SessionManagerPage),
  cleanerRoster: page(() => import('../features/admin/routes/cleaner-roster-page'), (m) => m.CleanerRosterPage),
} satisfies Record<ClientRouteName, LazyPage>;

const notFoundPage = page(() => import('../features/not-found/routes/not-found-page'), (m) => m.NotFoundPage);

const pageRoutes: RouteObject[] = (Object.keys(PAGES) as ClientRouteName[]).map((name) => {
  const path = CLIENT_ROUTES[name];
  // Case-sensitive like the API's check, so /admin/scheduledsnapshot is a 404 in both places.
  return path === CLIENT_ROUTES.home
    ? { index: true, lazy: PAGES[name] }
    : { path, caseSensitive: true, lazy: PAGES[name] };
});

export const appRoutes: RouteObject[] = [
  {
    path: CLIENT_ROUTES.home,
    Component: AppLayout,
    HydrateFallback: AppLayoutFallback,
    // Only reached if the frame itself fails.
    ErrorBoundary: RouteErrorPage,
    children: [
      {
        // A failing page keeps the header and footer around its error message.
        ErrorBoundary: RouteErrorPage,
        children: [...pageRoutes, { path: '*', lazy: notFoundPage }],
      },
    ],
  },
];

/** Created by main.tsx rather than at import time, so the route table can be tested in Node. */
export function createAppRouter() {
  return createBrowserRouter(appRoutes);
}
