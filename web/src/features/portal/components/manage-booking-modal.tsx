import { SUCCESS_MODAL_CLOSE_MS } from '@app/shared/constants';
import { CHANGE_TYPES, type ChangeType, type ManageBookingInput } from '@app/shared/manage-booking';
import { REQUEST_SUBMITTED } from '@app/shared/texts';
import { useEffect, useId, useState, type FormEvent } from 'react';
import { useManageBooking } from '../api/manage-booking';
import type { ManageAction } from './deal-card';
import type { DealView } from './deal-view';
import { Modal } from '../../../components/modal';

interface ManageBookingModalProps {
  deal: DealView;
  action: ManageAction;
  /** The signed-in customer's e-mail (the payload carries it, spec §3). */
  email: string;
  onClose: () => void;
}

/**
 * Spec §2/§5/§7: request a change or a cancellation. Reason required, and for a change the change
 * type too. Success shows 'Request Submitted' and closes after 1.2 s; errors are only logged.
 */
export function ManageBookingModal({ deal, action, email, onClose }: ManageBookingModalProps) {
  const ids = useId();
  const [reason, setReason] = useState('');
  const [changeType, setChangeType] = useState<ChangeType | ''>('');
  const mutation = useManageBooking();
  const submitted = mutation.isSuccess;
  const valid = reason.trim() !== '' && (action === 'cancel' || changeType !== '');

  useEffect(() => {
    if (!submitted) return;
    const timer = setTimeout(onClose, SUCCESS_MODAL_CLOSE_MS);
    return () => clearTimeout(timer);
  }, [submitted, onClose]);

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    if (!valid || mutation.isPending) return;
    const common = { email, dealId: deal.id, reason: reason.trim() };
    let payload: ManageBookingInput;
    // The modal sends changeType '' for a cancel (shared/manage-booking.ts accepts and drops it).
    if (action === 'cancel') payload = { ...common, action, changeType: '', hs_ticket_category: 'Cancellation Request' };
    else if (changeType !== '') payload = { ...common, action, changeType, hs_ticket_category: 'Reschedule Request' };
    else return;
    mutation.mutate(payload);
  };

  const title = action === 'change' ? 'Request a change' : 'Request a cancellation';
  return (
    <Modal title={title} onClose={onClose} className="dialog--stack">
      <p className="fine-print">
        {deal.title}
        {deal.scheduled ? ` · ${deal.scheduled} ET` : ''}
      </p>
      {submitted ? (
        <p role="status" className="portal-submitted">
          {REQUEST_SUBMITTED}
        </p>
      ) : (
        <form className="form" onSubmit={onSubmit} aria-busy={mutation.isPending}>
          {action === 'change' ? (
            <div className="field">
              <label htmlFor={`${ids}-type`}>What would you like to change?</label>
              <select
                id={`${ids}-type`}
                required
                value={changeType}
                onChange={(event) => setChangeType(event.target.value as ChangeType | '')}
              >
                <option value="">Choose one…</option>
                {CHANGE_TYPES.map((type) => (
                  <option key={type} value={type}>
                    {type}
                  </option>
                ))}
              </select>
            </div>
          ) : null}
          <div className="field">
            <label htmlFor={`${ids}-reason`}>Reason</label>
            <textarea
              id={`${ids}-reason`}
              required
              maxLength={1000}
              value={reason}
              onChange={(event) => setReason(event.target.value)}
            />
          </div>
          <div className="actions">
            <button type="submit" className="button" disabled={!valid || mutation.isPending}>
              {mutation.isPending ? 'Sending…' : 'Submit request'}
            </button>
            <button type="button" className="button button--ghost" onClick={onClose}>
              Close
            </button>
          </div>
        </form>
      )}
    </Modal>
  );
}
