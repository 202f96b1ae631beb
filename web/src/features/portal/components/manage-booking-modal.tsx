import { BOOKING_MIN_DAYS_AHEAD, SUCCESS_MODAL_CLOSE_MS } from '@app/shared/constants';
import { addDays, easternToday, isOnOrAfterMinDate, minBookingDate } from '@app/shared/eastern-time';
import { CHANGE_TYPES, RESCHEDULE_CHANGE_TYPE, type ChangeType, type ManageBookingInput } from '@app/shared/manage-booking';
import { MANAGE_FAILED, REQUEST_SUBMITTED } from '@app/shared/texts';
import { useEffect, useId, useState, type FormEvent } from 'react';
import { ApiError } from '../../../lib/api-client';
import { useManageBooking } from '../api/manage-booking';
import type { ManageAction } from './deal-card';
import type { DealView } from './deal-view';
import { Modal, ModalFormActions } from '../../../components/modal';

type PlanAbout = 'visit' | 'pause' | 'plan';
const PLAN_ABOUT: ReadonlyArray<{ value: PlanAbout; label: string }> = [
  { value: 'visit', label: 'This visit only' },
  { value: 'pause', label: 'Pausing my plan for a while' },
  { value: 'plan', label: 'Changing my plan from this visit on' },
];

interface ManageBookingModalProps {
  deal: DealView;
  action: ManageAction;
  /** The signed-in customer's e-mail (the payload carries it, docs/product.md §3). */
  email: string;
  onClose: () => void;
}

/** What a refused or failed request says: the api's reason (a 409 says why), else ours. */
function failureText(error: unknown): string {
  return error instanceof ApiError && error.serverMessage ? error.serverMessage : MANAGE_FAILED;
}

/**
 * docs/product.md §2/§5/§7: request a change or a cancellation. Reason required, and for a change the change
 * type too; a reschedule may propose the new day (optional: at least 5 days ahead). Success shows
 * 'Request Submitted' and closes after 1.2 s. A refusal or failure is shown in the modal (docs/product.md §7
 * only logs it; a customer must see that nothing was sent).
 */
export function ManageBookingModal({ deal, action, email, onClose }: ManageBookingModalProps) {
  const ids = useId();
  const [reason, setReason] = useState('');
  const [changeType, setChangeType] = useState<ChangeType | ''>('');
  const [newDate, setNewDate] = useState('');
  // On a plan's visit a change may be asked of the plan: a pause, or every later visit (docs/recurring-plans.md).
  const [about, setAbout] = useState<PlanAbout>('visit');
  const [pause, setPause] = useState({ from: '', to: '' });
  const mutation = useManageBooking();
  const submitted = mutation.isSuccess;
  const minDate = minBookingDate();
  const tomorrow = addDays(easternToday(), 1);
  const planAsk = action === 'change' && deal.plan !== null && about !== 'visit';
  const reschedule = action === 'change' && !planAsk && changeType === RESCHEDULE_CHANGE_TYPE;
  const pauseValid = about !== 'pause' || (pause.from >= tomorrow && pause.to >= pause.from);
  const valid =
    reason.trim() !== '' && (action === 'cancel' || planAsk || changeType !== '') && (!reschedule || newDate === '' || isOnOrAfterMinDate(newDate, minDate)) && (!planAsk || pauseValid);

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
    else if (planAsk) payload = { ...common, action, changeType: 'Other', hs_ticket_category: 'Reschedule Request', plan: about === 'pause' ? { ask: 'pause', ...pause } : { ask: 'change' } };
    else if (changeType !== '') payload = { ...common, action, changeType, hs_ticket_category: 'Reschedule Request', ...(reschedule && newDate ? { preferredDate: newDate } : {}) };
    else return;
    mutation.mutate(payload);
  };

  const title = action === 'change' ? 'Request a change' : 'Request a cancellation';
  return (
    <Modal
      title={title}
      onClose={onClose}
      className="dialog--stack"
      status={submitted ? <p className="portal-submitted">{REQUEST_SUBMITTED}</p> : null}
    >
      <p className="fine-print">
        {deal.title}
        {deal.scheduled ? ` · ${deal.scheduled} ET` : ''}
      </p>
      {submitted ? null : (
        <form className="form" onSubmit={onSubmit} aria-busy={mutation.isPending}>
          {action === 'change' && deal.plan ? (
            <fieldset className="field">
              <legend>What is it about?</legend>
              {PLAN_ABOUT.map((option) => (
                <label key={option.value} className="choice">
                  <input type="radio" name={`${ids}-about`} value={option.value} checked={about === option.value} onChange={() => setAbout(option.value)} />
                  <span>{option.label}</span>
                </label>
              ))}
            </fieldset>
          ) : null}
          {planAsk && about === 'pause' ? (
            <>
              <div className="field">
                <label htmlFor={`${ids}-pause-from`}>First day without visits</label>
                <input id={`${ids}-pause-from`} type="date" required min={tomorrow} value={pause.from} onChange={(event) => setPause({ ...pause, from: event.target.value })} />
              </div>
              <div className="field">
                <label htmlFor={`${ids}-pause-to`}>Last day without visits</label>
                <input id={`${ids}-pause-to`} type="date" required min={pause.from || tomorrow} value={pause.to} onChange={(event) => setPause({ ...pause, to: event.target.value })} />
              </div>
            </>
          ) : null}
          {action === 'change' && !planAsk ? (
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
          {reschedule ? (
            <div className="field">
              <label htmlFor={`${ids}-date`}>New date (optional)</label>
              <input
                id={`${ids}-date`}
                type="date"
                min={minDate}
                aria-describedby={`${ids}-date-hint`}
                value={newDate}
                onChange={(event) => setNewDate(event.target.value)}
              />
              <p id={`${ids}-date-hint`} className="field__hint">
                At least {BOOKING_MIN_DAYS_AHEAD} days from today, or leave it empty and tell us in the reason. We confirm the day and time with you.
              </p>
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
          {mutation.isError ? (
            <p role="alert" className="alert" data-manage-error="">
              {failureText(mutation.error)}
            </p>
          ) : null}
          <ModalFormActions submit="Submit request" pending={mutation.isPending} disabled={!valid} onClose={onClose} />
        </form>
      )}
    </Modal>
  );
}
