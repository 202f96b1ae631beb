import type { ClientRouteName } from '@app/shared/routes';
import { createElement, lazy, type ComponentType } from 'react';

export interface LazyPage {
  /** The page component, loaded on first render (each page, and all staff code, is its own chunk). */
  Component: ComponentType;
  /** Starts loading the page's code early; once it has loaded, the page renders without suspending. */
  preload: () => Promise<unknown>;
}

function page<M>(load: () => Promise<M>, pick: (module: M) => ComponentType): LazyPage {
  let loading: Promise<{ default: ComponentType }> | undefined;
  let loaded: ComponentType | undefined;
  // One shared promise, so preloading and the first render never fetch or evaluate twice.
  const preload = () =>
    (loading ??= load().then((module) => {
      loaded = pick(module);
      return { default: loaded };
    }));
  const Lazy = lazy(preload);
  // A page whose code is already here renders directly. React.lazy would still suspend once, and
  // a suspended page is pre-rendered as a loading placeholder plus a script that swaps the content
  // in: no content without JavaScript, and a hydration that does not match.
  const Component = () => createElement(loaded ?? Lazy);
  return { Component, preload };
}

// Keyed by the shared route table: `satisfies` makes a path without a page (or a page without a
// path) a type error, so the router and the API's 404 answers stay in step.
export const PAGES = {
  home: page(() => import('../features/marketing/routes/home-page'), (m) => m.HomePage),
  about: page(() => import('../features/marketing/routes/about-page'), (m) => m.AboutPage),
  team: page(() => import('../features/marketing/routes/team-page'), (m) => m.TeamPage),
  pricing: page(() => import('../features/marketing/routes/pricing-page'), (m) => m.PricingPage),
  contact: page(() => import('../features/support-ticket/routes/contact-page'), (m) => m.ContactPage),
  careers: page(() => import('../features/careers/routes/careers-page'), (m) => m.CareersPage),
  comingSoon: page(() => import('../features/signup/routes/coming-soon-page'), (m) => m.ComingSoonPage),
  waitlist: page(() => import('../features/signup/routes/waitlist-page'), (m) => m.WaitlistPage),
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
  tip: page(() => import('../features/tips/routes/tip-page'), (m) => m.TipPage),
  login: page(() => import('../features/portal-auth/routes/login-page'), (m) => m.LoginPage),
  portal: page(() => import('../features/portal/routes/portal-page'), (m) => m.PortalPage),
  adminLogin: page(() => import('../features/staff/frame/staff-sign-in-page'), (m) => m.StaffSignInPage),
  adminDashboard: page(
    () => import('../features/staff/today/dashboard-page'),
    (m) => m.DashboardPage,
  ),
  adminScheduledSnapshot: page(
    () => import('../features/staff/calendar/scheduled-snapshot-page'),
    (m) => m.ScheduledSnapshotPage,
  ),
  adminLookup: page(() => import('../features/staff/customers/customer-lookup-page'), (m) => m.CustomerLookupPage),
  adminInvites: page(() => import('../features/staff/customers/invites-page'), (m) => m.InvitesPage),
  sessionManager: page(() => import('../features/staff/sessions/session-manager-page'), (m) => m.SessionManagerPage),
  cleanerRoster: page(() => import('../features/staff/team/cleaner-roster-page'), (m) => m.CleanerRosterPage),
  adminCareers: page(() => import('../features/staff/managed-lists/careers-tool-page'), (m) => m.CareersToolPage),
  adminTeam: page(() => import('../features/staff/managed-lists/team-tool-page'), (m) => m.TeamToolPage),
  adminRequests: page(() => import('../features/staff/requests/requests-page'), (m) => m.RequestsPage),
  adminCleaning: page(() => import('../features/staff/calendar/cleaning-page'), (m) => m.CleaningPage),
  adminPlans: page(() => import('../features/staff/plans/plans-page'), (m) => m.PlansPage),
  adminMoney: page(() => import('../features/staff/money/money-page'), (m) => m.MoneyPage),
  cleanerDay: page(() => import('../features/cleaner/routes/my-day-page'), (m) => m.MyDayPage),
} satisfies Record<ClientRouteName, LazyPage>;

export const NOT_FOUND_PAGE = page(() => import('../features/not-found/routes/not-found-page'), (m) => m.NotFoundPage);
