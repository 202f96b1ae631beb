import { INVITE_QUEUED } from '@app/shared/staff-admin';
import { FormAlert } from '../../../components/form/form-alert';
import { useInviteCustomer } from './invite-customer';
import { failureText } from '../common/staff-errors';

/** "Invite to portal" for a customer picked in a search: the server texts them the sign-in link. */
export function InviteToPortal({ contactId, label = 'Invite to portal' }: { contactId: string; label?: string }) {
  const invite = useInviteCustomer();
  return (
    <div className="row-actions" aria-live="polite">
      <button type="button" className="button" disabled={invite.isPending} onClick={() => invite.mutate({ contactId })}>
        {invite.isPending ? 'Inviting…' : label}
      </button>
      {invite.isSuccess ? (
        <p className="status-note" role="status">
          {INVITE_QUEUED}
        </p>
      ) : null}
      {invite.isError ? <FormAlert message={failureText(invite.error)} /> : null}
    </div>
  );
}
