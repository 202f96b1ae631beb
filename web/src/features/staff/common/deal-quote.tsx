import { BOOKABLE_ADD_ONS, FREQUENCY_LABELS, RECURRING_FAMILY, RECURRING_FREQUENCIES, VISIT_TYPE_LABELS, VISIT_TYPES, type RecurringFrequency, type VisitType } from '@app/shared/booking-price';
import { STAGE } from '@app/shared/deal-stages';
import { formatUsd } from '@app/shared/money';
import { MAX_QUOTE_REASON, priceQuote, quoteSchema, type QuoteInput } from '@app/shared/quote';
import { isServiceFamily, SERVICE_FAMILY_NAMES, type ServiceFamily } from '@app/shared/services';
import { SQUARE_FOOTAGE_BANDS, type SquareFootageKey } from '@app/shared/square-footage';
import type { DealDetails } from '@app/shared/staff-board';
import { useId, useState, type FormEvent } from 'react';
import { QuoteLines } from '../../../components/quote-lines';
import { SentQuote } from './quote-summary';
import { seenOf } from './seen-facts';
import { useSendQuote } from './send-quote';
import { failureText } from './staff-errors';
import { DealFormActions } from './deal-form-actions';

/** Whole cents of a dollar amount typed by staff ('-12.5' → -1250); null when it is no amount. */
export function centsOf(dollars: string): number | null {
  const text = dollars.trim();
  if (text === '') return 0;
  if (!/^[+-]?\d+(\.\d{0,2})?$/.test(text)) return null;
  return Math.round(Number(text) * 100);
}

/** The quote the form's fields make, as the api takes it. */
export interface QuoteFields {
  serviceType: ServiceFamily;
  squareFootage: SquareFootageKey;
  visitType: VisitType;
  frequency: RecurringFrequency;
  addOns: string[];
  firstBookingDiscount: boolean;
  adjustment: string;
  adjustmentReason: string;
}

export function quoteInput(fields: QuoteFields): QuoteInput {
  const recurring = fields.serviceType === RECURRING_FAMILY;
  return {
    serviceType: fields.serviceType,
    squareFootage: fields.squareFootage,
    ...(recurring && { visitType: fields.visitType, frequency: fields.frequency }),
    addOns: fields.addOns,
    firstBookingDiscount: fields.firstBookingDiscount,
    adjustmentCents: centsOf(fields.adjustment) ?? Number.NaN,
    ...(fields.adjustmentReason.trim() && { adjustmentReason: fields.adjustmentReason.trim() }),
  };
}

/**
 * The office's quote for a deal: catalogue choices priced live by the shared rule
 * (shared/quote.ts, the same the api prices with), one adjustment with its reason, "Send quote".
 */
export function QuoteForm({ deal, onDone }: { deal: DealDetails; onDone: () => void }) {
  const id = useId();
  const mutation = useSendQuote();
  const [fields, setFields] = useState<QuoteFields>({
    serviceType: deal.serviceType && isServiceFamily(deal.serviceType) ? deal.serviceType : 'Basic Clean',
    squareFootage: 1000,
    visitType: 'basic',
    frequency: 'bi-weekly',
    addOns: [],
    firstBookingDiscount: false,
    adjustment: '',
    adjustmentReason: '',
  });
  const set = <K extends keyof QuoteFields>(key: K, value: QuoteFields[K]) => setFields((f) => ({ ...f, [key]: value }));
  const input = quoteInput(fields);
  const parsed = quoteSchema.safeParse(input);
  const adjustmentCents = Number.isInteger(input.adjustmentCents) ? input.adjustmentCents : 0;
  const price = priceQuote({ ...input, addOns: fields.addOns, firstBookingDiscount: fields.firstBookingDiscount, adjustmentCents, adjustmentReason: input.adjustmentReason });
  const problem = parsed.success ? null : (parsed.error.issues[0]?.message ?? 'Check the quote.');
  const recurring = fields.serviceType === RECURRING_FAMILY;

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (!parsed.success) return;
    mutation.mutate({ dealId: deal.id, ...seenOf(deal), ...input }, { onSuccess: onDone });
  };
  const toggleAddOn = (addOnId: string, on: boolean) => set('addOns', on ? [...fields.addOns, addOnId] : fields.addOns.filter((a) => a !== addOnId));

  return (
    <form className="deal-move-form quote-form" onSubmit={submit} aria-label="Quote">
      <p>
        <label htmlFor={`${id}-service`}>Service</label>
        <select id={`${id}-service`} value={fields.serviceType} onChange={(e) => set('serviceType', e.target.value as ServiceFamily)}>
          {SERVICE_FAMILY_NAMES.map((name) => (
            <option key={name} value={name}>
              {name}
            </option>
          ))}
        </select>
      </p>
      <p>
        <label htmlFor={`${id}-size`}>Home size (sq ft)</label>
        <select id={`${id}-size`} value={fields.squareFootage} onChange={(e) => set('squareFootage', Number(e.target.value) as SquareFootageKey)}>
          {SQUARE_FOOTAGE_BANDS.map((band) => (
            <option key={band.key} value={band.key}>
              {band.label}
            </option>
          ))}
        </select>
      </p>
      {recurring ? (
        <>
          <p>
            <label htmlFor={`${id}-visit`}>Visit</label>
            <select id={`${id}-visit`} value={fields.visitType} onChange={(e) => set('visitType', e.target.value as VisitType)}>
              {VISIT_TYPES.map((v) => (
                <option key={v} value={v}>
                  {VISIT_TYPE_LABELS[v]}
                </option>
              ))}
            </select>
          </p>
          <p>
            <label htmlFor={`${id}-frequency`}>How often</label>
            <select id={`${id}-frequency`} value={fields.frequency} onChange={(e) => set('frequency', e.target.value as RecurringFrequency)}>
              {RECURRING_FREQUENCIES.map((f) => (
                <option key={f} value={f}>
                  {FREQUENCY_LABELS[f]}
                </option>
              ))}
            </select>
          </p>
        </>
      ) : null}
      <fieldset>
        <legend>Add-ons</legend>
        {BOOKABLE_ADD_ONS.map((addOn) => (
          <label key={addOn.id} className="quote-form__check">
            <input type="checkbox" checked={fields.addOns.includes(addOn.id)} onChange={(e) => toggleAddOn(addOn.id, e.target.checked)} /> {addOn.name} ({formatUsd(addOn.priceCents ?? 0)})
          </label>
        ))}
      </fieldset>
      <p>
        <label className="quote-form__check">
          <input type="checkbox" checked={fields.firstBookingDiscount} onChange={(e) => set('firstBookingDiscount', e.target.checked)} /> First-booking discount
        </label>
      </p>
      <p>
        <label htmlFor={`${id}-adjustment`}>Adjustment (USD, negative takes off)</label>
        <input id={`${id}-adjustment`} inputMode="decimal" value={fields.adjustment} placeholder="0.00" onChange={(e) => set('adjustment', e.target.value)} />
      </p>
      {adjustmentCents !== 0 || fields.adjustmentReason ? (
        <p>
          <label htmlFor={`${id}-reason`}>Reason for the adjustment</label>
          <input id={`${id}-reason`} value={fields.adjustmentReason} maxLength={MAX_QUOTE_REASON} onChange={(e) => set('adjustmentReason', e.target.value)} required={adjustmentCents !== 0} />
        </p>
      ) : null}
      <div aria-live="polite">{price ? <QuoteLines price={price} caption="The customer will see" /> : null}</div>
      {problem ? <p className="status-note">{problem}</p> : null}
      <DealFormActions submit="Send quote" disabled={mutation.isPending || !parsed.success} onBack={onDone} error={mutation.isError ? failureText(mutation.error) : null} />
    </form>
  );
}

/**
 * A deal's quote: the last one HubSpot has with the customer's answer, and the
 * "Quote" form when the transitions table lets one go out now (deal.mayQuote).
 */
export function DealQuote({ deal }: { deal: DealDetails }) {
  const [open, setOpen] = useState(false);
  if (!deal.quote && !deal.mayQuote) return null;
  const unanswered = deal.quote && !deal.quote.answer && deal.stageId !== STAGE.AWAITING_QUOTE_APPROVAL;
  return (
    <section className="deal-quote" aria-label="Quote">
      {deal.quote && !unanswered ? <SentQuote quote={deal.quote} /> : null}
      {deal.mayQuote && !open ? (
        <p>
          <button type="button" className="button button--ghost" onClick={() => setOpen(true)}>
            {deal.quote ? 'New quote' : 'Quote'}
          </button>
        </p>
      ) : null}
      {deal.mayQuote && open ? <QuoteForm deal={deal} onDone={() => setOpen(false)} /> : null}
    </section>
  );
}
