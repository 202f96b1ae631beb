import { CLIENT_ROUTES } from '@app/shared/routes';
import type { ReactNode } from 'react';
import { Navigate } from 'react-router-dom';
import { QueryProvider } from '../../../lib/query-provider';
import { isSignedOut } from '../common/staff-errors';
import { useStaffMe } from './get-staff-me';
import { StaffFrame } from './staff-frame';

function StaffGate({ children }: { children: ReactNode }) {
  const me = useStaffMe();
  if (me.isPending) {
    return (
      <p className="container section" role="status">
        Checking your sign-in…
      </p>
    );
  }
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
 * Wraps every staff page: it renders, in the staff frame, only for a signed-in staff member (the
 * server checks each API too).
 */
export function RequireStaff({ children }: { children: ReactNode }) {
  return (
    <QueryProvider>
      <StaffGate>{children}</StaffGate>
    </QueryProvider>
  );
}
