import { useState } from 'react';
import { FormAlert } from '../../../components/form/form-alert';
import { failureText } from '../common/staff-errors';
import { useSetPortalAccess } from './set-portal-access';

/**
 * "Suspend portal access" (with a confirmation: it signs the customer out at once) or
 * "Restore portal access" for the customer on the lookup page.
 */
export function PortalAccess({ contactId, suspended }: { contactId: string; suspended: boolean }) {
  const change = useSetPortalAccess();
  const [confirming, setConfirming] = useState(false);
  if (suspended) {
    return (
      <div className="row-actions" aria-live="polite">
        <p className="muted">Portal access is suspended.</p>
        <button type="button" className="button button--ghost" disabled={change.isPending} onClick={() => change.mutate({ contactId, suspended: false })}>
          {change.isPending ? 'Restoring…' : 'Restore portal access'}
        </button>
        {change.isError ? <FormAlert message={failureText(change.error)} /> : null}
      </div>
    );
  }
  return (
    <div className="row-actions" aria-live="polite">
      {confirming ? (
        <div role="group" aria-label="Confirm suspending portal access" className="row-actions">
          <span>Sign them out now and refuse their sign-ins?</span>
          <button
            type="button"
            className="button button--small"
            disabled={change.isPending}
            onClick={() => change.mutate({ contactId, suspended: true }, { onSettled: () => setConfirming(false) })}
          >
            Yes, suspend
          </button>
          <button type="button" className="button button--ghost button--small" onClick={() => setConfirming(false)}>
            Keep access
          </button>
        </div>
      ) : (
        <button type="button" className="button button--ghost" onClick={() => setConfirming(true)}>
          Suspend portal access
        </button>
      )}
      {change.isError ? <FormAlert message={failureText(change.error)} /> : null}
    </div>
  );
}
