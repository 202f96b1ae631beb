import { useQuery } from '@tanstack/react-query';
import { MY_DAY_TITLE, OFFICE_ONLY_PAGE } from '@app/shared/cleaner-day';
import { CLIENT_ROUTES } from '@app/shared/routes';
import type { ReactNode } from 'react';
import { Link, Navigate } from 'react-router';
import { Page } from '../../../components/page';
import { isApiStatus } from '../../../lib/api-client';
import { QueryProvider } from '../../../lib/query-provider';
import { isSignedOut } from '../common/staff-errors';
import { signedInCleanerQuery } from './get-signed-in-cleaner';
import { useStaffMe } from './get-staff-me';
import { StaffFrame } from './staff-frame';

/** What an office page shows a cleaner (the api refuses them every office route with 403). */
function OfficeOnly() {
  return (
    <Page title="Office only" heading={OFFICE_ONLY_PAGE}>
      <p>
        <Link to={CLIENT_ROUTES.cleanerDay}>{MY_DAY_TITLE}</Link>
      </p>
    </Page>
  );
}

function StaffGate({ children }: { children: ReactNode }) {
  const me = useStaffMe();
  // Refused although signed in: a customer's session, or a cleaner's.
  const refused = me.isError && isApiStatus(me.error, 403);
  const cleaner = useQuery({ ...signedInCleanerQuery, enabled: refused });
  if (me.isPending || (refused && cleaner.isPending)) {
    return (
      <p className="container section" role="status">
        Checking your sign-in…
      </p>
    );
  }
  if (refused && cleaner.isSuccess) return <OfficeOnly />;
  // No staff session (or a customer's): docs/product.md §8 sends the visitor to the staff sign-in.
  if (me.isError && isSignedOut(me.error)) return <Navigate to={CLIENT_ROUTES.adminLogin} replace />;
  if (me.isError) {
    return (
      <p className="container section alert" role="alert">
        The staff area is unavailable right now. Please try again in a moment.
      </p>
    );
  }
  return <StaffFrame me={me.data}>{children}</StaffFrame>;
}

/**
 * Wraps every staff page: it renders, in the staff frame, only for a signed-in office staff member
 * (the server checks each API too); a cleaner is shown the way to their own day instead.
 */
export function RequireStaff({ children }: { children: ReactNode }) {
  return (
    <QueryProvider>
      <StaffGate>{children}</StaffGate>
    </QueryProvider>
  );
}
