import { CLEANERS_ONLY_PAGE, MY_DAY_TITLE } from '@app/shared/cleaner-day';
import { CLIENT_ROUTES } from '@app/shared/routes';
import { useEffect } from 'react';
import { Link, Navigate } from 'react-router';
import { Page } from '../../../components/page';
import { isApiStatus } from '../../../lib/api-client';
import { QueryProvider } from '../../../lib/query-provider';
import { markSignedIn } from '../../../lib/session';
import { useStaffSignOut } from '../../../lib/use-staff-sign-out';
import { useCleanerMe, type CleanerMe } from '../api/get-cleaner-me';
import { DayList } from '../components/day-list';
import { CallTheOffice } from '../components/call-the-office';
import { OfficeChangesProvider } from '../components/office-changes';
import './my-day.css';

function MyDay({ me }: { me: CleanerMe }) {
  const { signOut, failed: signOutFailed } = useStaffSignOut();
  useEffect(() => markSignedIn(), []);

  const [today, tomorrow] = me.days;
  return (
    <Page title={MY_DAY_TITLE} heading={MY_DAY_TITLE} lead={`Signed in as ${me.name}. Times are Eastern Time.`}>
      <CallTheOffice date={today} />
      <OfficeChangesProvider>
        <DayList date={today} heading="Today" />
        <DayList date={tomorrow} heading="Tomorrow" />
      </OfficeChangesProvider>
      {/* Out of the way of the day's buttons: at the foot of the page, small (docs/cleaner-day.md). */}
      <footer className="cleaner-day__account">
        <span className="muted">{me.email}</span>{' '}
        <button type="button" className="link-button" onClick={() => void signOut()}>
          Sign out
        </button>
        {signOutFailed ? (
          <p className="alert" role="alert">
            Signing out did not work. Please try again.
          </p>
        ) : null}
      </footer>
    </Page>
  );
}

function CleanerGate() {
  const me = useCleanerMe();
  if (me.isPending) {
    return (
      <p className="container section" role="status">
        Checking your sign-in…
      </p>
    );
  }
  if (me.isError && isApiStatus(me.error, 401)) return <Navigate to={CLIENT_ROUTES.adminLogin} replace />;
  // Signed in, but not as a cleaner: the office (or a customer) has no day of cleanings here.
  if (me.isError && isApiStatus(me.error, 403)) {
    return (
      <Page title={MY_DAY_TITLE} heading={CLEANERS_ONLY_PAGE}>
        <p>
          <Link to={CLIENT_ROUTES.adminDashboard}>Staff workspace</Link>
        </p>
      </Page>
    );
  }
  if (me.isError) {
    return (
      <p className="container section alert" role="alert">
        Your day is unavailable right now. Please try again in a moment.
      </p>
    );
  }
  return <MyDay me={me.data} />;
}

/** /cleaner: a cleaner's own cleanings today and tomorrow (docs/sessions.md), phone first. */
export function MyDayPage() {
  return (
    <QueryProvider>
      <CleanerGate />
    </QueryProvider>
  );
}
