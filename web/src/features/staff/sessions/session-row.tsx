import { useState } from 'react';
import type { CustomerSession } from './get-customer-sessions';
import { easternFromIso } from '../common/format-eastern';

interface SessionRowProps {
  session: CustomerSession;
  busy: boolean;
  onRevoke: (session: CustomerSession) => void;
}

const who = (s: CustomerSession) => s.customer?.name || s.customer?.email || 'Unknown customer';

/** One signed-in customer; Revoke asks once more before it signs them out. */
export function SessionRow({ session, busy, onRevoke }: SessionRowProps) {
  const [confirming, setConfirming] = useState(false);
  const name = who(session);
  return (
    <tr data-session={session.id}>
      <th scope="row">
        {name}
        {session.customer ? (
          <span className="result__meta">
            <br />
            {session.customer.email}
            {session.customer.phone ? ` · ${session.customer.phone}` : ''}
          </span>
        ) : null}
      </th>
      <td data-label="Signed in">{easternFromIso(session.createdAt)}</td>
      <td data-label="Last seen">{easternFromIso(session.lastSeenAt)}</td>
      <td data-label="Expires">{easternFromIso(session.expiresAt)}</td>
      <td data-label="IP address / browser">
        {session.ip ?? '—'}
        {session.userAgent ? (
          <span className="result__meta">
            <br />
            {session.userAgent}
          </span>
        ) : null}
      </td>
      <td>
        {confirming ? (
          <div className="row-actions" role="group" aria-label={`Confirm revoking ${name}'s session`}>
            <span>Sign {name} out?</span>
            <button type="button" className="button button--small" disabled={busy} onClick={() => onRevoke(session)}>
              Yes, revoke
            </button>
            <button type="button" className="button button--ghost button--small" disabled={busy} onClick={() => setConfirming(false)}>
              Keep
            </button>
          </div>
        ) : (
          <button type="button" className="button button--ghost button--small" onClick={() => setConfirming(true)}>
            Revoke<span className="visually-hidden"> {name}&apos;s session</span>
          </button>
        )}
      </td>
    </tr>
  );
}
