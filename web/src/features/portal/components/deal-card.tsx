import { SKIP_FAILED } from '@app/shared/recurring-plan';
import { CANCEL_BUTTON, CHANGE_BUTTON, CLEANING_TIME_PASSED_NEXT, NOT_CONFIRMED, RECLEAN_BUTTON } from '@app/shared/texts';
import { useId, useLayoutEffect, useRef, useState, type ReactNode } from 'react';
import { dealCardId } from '@app/shared/routes';
import { useMutationState } from '@tanstack/react-query';
import { SKIP_MUTATION_KEY, useSkipVisit } from '../api/skip-visit';
import { ApiError } from '../../../lib/api-client';
import { NOT_SCHEDULED, type DealView, type InvoiceView } from './deal-view';

export type ManageAction = 'change' | 'cancel';

interface DealCardProps {
  deal: DealView;
  /** Upcoming deals have Change and Cancel; the history has none. */
  onManage?: (dealId: string, action: ManageAction) => void;
  /** Past cleanings: book the same service again. */
  onBookAgain?: (deal: DealView) => void;
  /** Done cleanings within the guarantee window: "Something was missed". */
  onReclean?: (deal: DealView) => void;
  /** What the card shows below its facts (the quote awaiting the customer's answer). */
  children?: ReactNode;
}

/** The invoice: number, amount and state as separate parts, its links, and Pay while it is open. */
function InvoiceLine({ invoice }: { invoice: InvoiceView }) {
  return (
    <span className="invoice-line">
      {invoice.number ? <span className="invoice-line__number">{invoice.number}</span> : null}
      {invoice.amount ? <strong className="invoice-line__amount">{invoice.amount}</strong> : null}
      {invoice.statusLabel ? (
        <span className="tag tag--small" data-invoice-status={invoice.payLink ? 'open' : ''}>
          {invoice.statusLabel}
        </span>
      ) : null}
      {invoice.payLink ? (
        <a className="button button--small" href={invoice.payLink} target="_blank" rel="noreferrer">
          Pay {invoice.amount ?? 'invoice'}
        </a>
      ) : invoice.link ? (
        <a href={invoice.link} target="_blank" rel="noreferrer">
          View invoice
        </a>
      ) : null}
      {invoice.pdfLink ? (
        <a href={invoice.pdfLink} target="_blank" rel="noreferrer">
          PDF
        </a>
      ) : null}
    </span>
  );
}

/**
 * The satisfaction guarantee of a done cleaning: "Something was missed" while its window is open,
 * and what became of the latest claim. The area keeps focus when the button goes (data-focus-return).
 */
function Guarantee({ deal, onReclean }: { deal: DealView; onReclean: (deal: DealView) => void }) {
  const id = useId();
  const { offered, until, note } = deal.reclean;
  if (!offered && !note) return null;
  return (
    <div className="deal-card__reclean" tabIndex={-1} data-focus-return="">
      {offered ? (
        <div className="actions">
          <button type="button" className="button button--ghost" aria-describedby={`${id}-until`} onClick={() => onReclean(deal)}>
            {RECLEAN_BUTTON}
          </button>
        </div>
      ) : null}
      {offered && until ? (
        <p id={`${id}-until`} className="fine-print">
          Satisfaction guarantee: you can tell us until {until} <abbr title="Eastern Time">ET</abbr>.
        </p>
      ) : null}
      {note ? (
        <p className="fine-print" data-reclean-note="">
          {note}
        </p>
      ) : null}
    </div>
  );
}

/** What a refused or failed skip says: the api's reason (a 409 says why), else ours. */
const skipFailure = (error: unknown) => (error instanceof ApiError && error.serverMessage ? error.serverMessage : SKIP_FAILED);

/**
 * The answer to the latest "Skip this visit", above the cleanings: the skipped visit's card moves
 * to the past ones (Canceled) once HubSpot has it, so the answer lives with the page, not the card.
 */
export function SkipAnswer() {
  const latest = useMutationState({ filters: { mutationKey: SKIP_MUTATION_KEY }, select: (m) => m.state }).at(-1);
  const answer = latest?.status === 'success' ? (latest.data as { message: string }).message : latest?.status === 'error' ? skipFailure(latest.error) : null;
  // Always there, empty until an answer, so screen readers announce it when it comes.
  return (
    <p className={answer === null ? undefined : latest?.status === 'success' ? 'portal-submitted' : 'alert'} role="status" data-skip-answer="">
      {answer}
    </p>
  );
}

/**
 * "Skip this visit" on a visit of the customer's plan (docs/recurring-plans.md): asked once more
 * ("Skip the visit of …?"), then sent; the answer is said above the cleanings (SkipAnswer).
 */
function SkipVisit({ deal }: { deal: DealView }) {
  const [asking, setAsking] = useState(false);
  const skip = useSkipVisit();
  if (!deal.plan?.skippable) return null;
  return (
    <div className="deal-card__skip">
      {asking ? (
        <div className="actions" role="group" aria-label="Skip this visit">
          <p className="deal-card__notice">Skip the visit of {deal.scheduled} ET? The other visits of your plan stay as they are.</p>
          <button
            type="button"
            className="button"
            disabled={skip.isPending}
            onClick={() => skip.mutate(deal.id, { onSettled: () => setAsking(false) })}
          >
            {skip.isPending ? 'Skipping…' : 'Yes, skip it'}
          </button>
          <button type="button" className="button button--ghost" onClick={() => setAsking(false)}>
            Keep it
          </button>
        </div>
      ) : (
        <div className="actions">
          <button type="button" className="button button--ghost" onClick={() => setAsking(true)}>
            Skip this visit
          </button>
        </div>
      )}
    </div>
  );
}

/** One cleaning: service, status, date (Eastern), where, who, invoice, and Change/Cancel (upcoming) or Book again (past). */
export function DealCard({ deal, onManage, onBookAgain, onReclean, children }: DealCardProps) {
  const id = useId();
  const { manage, invoice } = deal;
  const why = manage.message ? `${id}-why` : undefined;
  // A request just made turns Change and Cancel off; focus on one of them would fall to the page's
  // start, so it moves to the area that now says why (data-focus-return does the same for a dialog).
  const manageRef = useRef<HTMLDivElement>(null);
  useLayoutEffect(() => {
    const area = manageRef.current;
    const focused = document.activeElement;
    if (manage.disabled && area && focused instanceof HTMLButtonElement && focused.disabled && area.contains(focused)) area.focus();
  }, [manage.disabled]);
  return (
    // The "Needs your attention" links lead here (id), and focus lands on the card (tabIndex -1).
    <article className="deal-card card" id={dealCardId(deal.id)} tabIndex={-1} aria-labelledby={`${id}-title`} data-deal-id={deal.id}>
      <header className="deal-card__head">
        <h3 id={`${id}-title`}>{deal.title}</h3>
        {deal.reference ? (
          <p className="deal-card__reference">
            Reference <strong data-reference="">{deal.reference}</strong>
          </p>
        ) : null}
        <p className="deal-card__status">
          <span className="tag" data-status="" data-tone={deal.tone}>
            {deal.statusLabel}
          </span>
          {deal.notConfirmed ? <span className="tag tag--muted">{NOT_CONFIRMED}</span> : null}
        </p>
      </header>
      <dl className="deal-card__facts">
        <div>
          <dt>Scheduled</dt>
          <dd data-scheduled="">
            {deal.scheduled ? (
              <>
                {deal.scheduled} <abbr title="Eastern Time">ET</abbr>
              </>
            ) : (
              NOT_SCHEDULED
            )}
          </dd>
        </div>
        {deal.address ? (
          <div>
            <dt>Address</dt>
            <dd data-address="">{deal.address}</dd>
          </div>
        ) : null}
        {deal.cleaner ? (
          <div>
            <dt>Cleaner</dt>
            <dd data-cleaner="">{deal.cleaner}</dd>
          </div>
        ) : null}
        {deal.plan ? (
          <div>
            <dt>Your plan</dt>
            <dd data-plan="">{deal.plan.rule}</dd>
          </div>
        ) : null}
        <div>
          <dt>Invoice</dt>
          <dd data-invoice="">{invoice ? <InvoiceLine invoice={invoice} /> : 'No invoice yet'}</dd>
        </div>
        {deal.messages.length > 0 ? (
          <div>
            <dt>Texts</dt>
            <dd>
              <ul className="deal-card__texts" data-texts="">
                {deal.messages.map((m, i) => (
                  <li key={i}>
                    {m.label} · {m.at} <abbr title="Eastern Time">ET</abbr> · <span data-delivery={m.delivery}>{m.delivery}</span>
                  </li>
                ))}
              </ul>
            </dd>
          </div>
        ) : null}
      </dl>
      {children}
      {/* After the quote it follows from (an approved one stays on the card while its invoice is due). */}
      {deal.nextStep ? (
        <p className="deal-card__next" data-next-step="">
          {deal.nextStep}
        </p>
      ) : null}
      {onBookAgain && deal.serviceId ? (
        <div className="actions">
          <button type="button" className="button button--ghost" onClick={() => onBookAgain(deal)}>
            Book again
          </button>
        </div>
      ) : null}
      {onReclean ? <Guarantee deal={deal} onReclean={onReclean} /> : null}
      {onManage ? (
        <div className="deal-card__manage" ref={manageRef} tabIndex={-1} data-focus-return="">
          <div className="actions">
            <button
              type="button"
              className="button button--ghost"
              disabled={manage.disabled}
              aria-describedby={why}
              onClick={() => onManage(deal.id, 'change')}
            >
              {CHANGE_BUTTON}
            </button>
            <button
              type="button"
              className="button button--ghost"
              disabled={manage.disabled}
              aria-describedby={why}
              onClick={() => onManage(deal.id, 'cancel')}
            >
              {CANCEL_BUTTON}
            </button>
          </div>
          {deal.plan ? <SkipVisit deal={deal} /> : null}
          {manage.message ? (
            <p id={why} className="deal-card__notice" data-manage-message="">
              {manage.message}
            </p>
          ) : null}
          {manage.passed ? (
            <p className="fine-print" data-passed-next="">
              {CLEANING_TIME_PASSED_NEXT}
            </p>
          ) : null}
          {manage.note ? (
            <p className="fine-print" data-manage-note="">
              {manage.note}
            </p>
          ) : null}
          {deal.declined ? (
            <p className="fine-print" data-request-declined="">
              {deal.declined}
            </p>
          ) : null}
        </div>
      ) : null}
    </article>
  );
}
