import { useState } from 'react';
import { FormAlert } from '../../../components/form/form-alert';
import { useCustomerSessions, type CustomerSession } from './get-customer-sessions';
import { useRevokeSession } from './revoke-session';
import { failureText } from '../common/staff-errors';
import { ActionStatus } from '../common/action-status';
import { SessionRow } from './session-row';
import { ToolPage } from '../frame/tool-page';

function Sessions() {
  const sessions = useCustomerSessions();
  const revoke = useRevokeSession();
  const [done, setDone] = useState<string | null>(null);

  const onRevoke = (session: CustomerSession) => {
    setDone(null);
    const name = session.customer?.name || session.customer?.email || 'The customer';
    revoke.mutate(session.id, { onSuccess: () => setDone(`${name} is signed out: their next request in the portal ends at the login page.`) });
  };

  if (sessions.isPending) return <p className="page-loading">Loading the signed-in customers…</p>;
  if (sessions.isError) return <p className="alert">The sessions could not be loaded just now. This page tries again by itself.</p>;
  return (
    <>
      <ActionStatus message={done} />
      {revoke.isError ? <FormAlert message={failureText(revoke.error)} /> : null}
      {sessions.data.length === 0 ? (
        <p>No customer is signed in to the portal right now.</p>
      ) : (
        <div className="table-scroll">
          <table className="admin-table">
            <caption>
              {sessions.data.length === 1 ? '1 active session' : `${sessions.data.length} active sessions`} (times in Eastern Time; refreshes every
              15 seconds)
            </caption>
            <thead>
              <tr>
                <th scope="col">Customer</th>
                <th scope="col">Signed in</th>
                <th scope="col">Last seen</th>
                <th scope="col">Expires</th>
                <th scope="col">IP address / browser</th>
                <th scope="col">
                  <span className="visually-hidden">Actions</span>
                </th>
              </tr>
            </thead>
            <tbody>
              {sessions.data.map((s) => (
                <SessionRow key={s.id} session={s} busy={revoke.isPending} onRevoke={onRevoke} />
              ))}
            </tbody>
          </table>
        </div>
      )}
    </>
  );
}

/** /internal/sessionmanager: who is signed in to the portal, and a way to sign a session out. */
export function SessionManagerPage() {
  return (
    <ToolPage title="Session Manager" lead="Customers signed in to the portal right now. Revoking a session signs that customer out at once.">
      <Sessions />
    </ToolPage>
  );
}
