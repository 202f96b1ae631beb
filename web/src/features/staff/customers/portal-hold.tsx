import { useConfirmPortalDeal } from './confirm-portal-deal';

/**
 * A public-form deal the customer portal holds back (docs/identity.md): what the form said, and
 * a button for staff to confirm it is this customer's, after checking with them.
 */
export function PortalHold({ dealId, submittedContact }: { dealId: string; submittedContact: string | undefined }) {
  const confirm = useConfirmPortalDeal();
  return (
    <div className="portal-hold" role="note">
      <p>
        Not shown in the customer&apos;s portal: the form gave {submittedContact ?? 'other contact details'}, not this customer&apos;s phone.
      </p>
      <button type="button" className="button button--small" disabled={confirm.isPending} onClick={() => confirm.mutate(dealId)}>
        {confirm.isPending ? 'Confirming…' : 'Confirm for portal'}
      </button>
      {confirm.isError ? <p role="alert">Could not confirm. Try again.</p> : null}
    </div>
  );
}
