import { CLIENT_ROUTES, QUEUE_DASHBOARD_PATH } from '@app/shared/routes';

export interface StaffNavItem {
  label: string;
  to: string;
  /** A page the api serves itself (the queue dashboard): a plain link, not the router. */
  external?: boolean;
}

/** The staff workspace's navigation, in the order of a working day. */
export const STAFF_NAV: readonly StaffNavItem[] = [
  { label: 'Today', to: CLIENT_ROUTES.adminDashboard },
  { label: 'Calendar', to: CLIENT_ROUTES.adminScheduledSnapshot },
  { label: 'Requests', to: CLIENT_ROUTES.adminRequests },
  { label: 'Customers', to: CLIENT_ROUTES.adminLookup },
  { label: 'Plans', to: CLIENT_ROUTES.adminPlans },
  { label: 'Money', to: CLIENT_ROUTES.adminMoney },
  { label: 'Roster', to: CLIENT_ROUTES.cleanerRoster },
  { label: 'Invites', to: CLIENT_ROUTES.adminInvites },
  { label: 'Sessions', to: CLIENT_ROUTES.sessionManager },
  { label: 'Careers', to: CLIENT_ROUTES.adminCareers },
  { label: 'Team', to: CLIENT_ROUTES.adminTeam },
  { label: 'Queues', to: QUEUE_DASHBOARD_PATH, external: true },
];
