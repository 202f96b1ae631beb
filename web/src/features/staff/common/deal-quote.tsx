import { BOOKABLE_ADD_ONS, FREQUENCY_LABELS, RECURRING_FAMILY, RECURRING_FREQUENCIES, VISIT_TYPE_LABELS, VISIT_TYPES, type RecurringFrequency, type VisitType } from '@app/shared/booking-price';
import { frequencyField, serviceFamilyField, squareFootageKeyField, visitTypeField } from '@app/shared/booking-request';
import { FIRST_BOOKING_DISCOUNT_PERCENT } from '@app/shared/constants';
import { bandLabel } from '@app/shared/deal-request';
import { STAGE } from '@app/shared/deal-stages';
import { formatEasternDay } from '@app/shared/eastern-time';
import { formatUsd } from '@app/shared/money';
import { MAX_QUOTE_REASON, priceQuote, QUOTE_ADJUSTMENT_INVALID, QUOTE_NOT_PRICED, quoteSchema, type Quote, type QuoteInput } from '@app/shared/quote';
import { SERVICE_FAMILY_NAMES, type ServiceFamily } from '@app/shared/services';
import { SQUARE_FOOTAGE_BANDS, type SquareFootageKey } from '@app/shared/square-footage';
import type { DealDetails } from '@app/shared/staff-board';
import { useId, useState } from 'react';
import { useWatch } from 'react-hook-form';
import { z } from 'zod';
import { Field, FieldError } from '../../../components/form/field';
import { FormAlert } from '../../../components/form/form-alert';
import { QuoteLines } from '../../../components/quote-lines';
import { DealFormActions } from './deal-form-actions';
import { quoteChanges, requestedQuote } from './quote-changes';
import { SentQuote } from './quote-summary';
import { seenOf } from './seen-facts';
import { useSendQuote } from './send-quote';
import { useStaffForm } from './use-staff-form';

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

/** Where an error of the shared quote rule goes in this form (its adjustment is typed in dollars). */
const FORM_FIELD: Readonly<Record<string, keyof QuoteFields>> = { adjustmentCents: 'adjustment' };

/**
 * The form's values checked by the api's own rule (quoteSchema, after quoteInput), each error
 * under the field it names, and sent as the quote the api takes.
 */
export const quoteFormSchema = z
  .object({
    serviceType: serviceFamilyField,
    squareFootage: squareFootageKeyField,
    visitType: visitTypeField,
    frequency: frequencyField,
    addOns: z.array(z.string()),
    firstBookingDiscount: z.boolean(),
    adjustment: z.string(),
    adjustmentReason: z.string(),
  })
  .transform((fields, ctx) => {
    if (centsOf(fields.adjustment) === null) {
      ctx.addIssue({ code: 'custom', path: ['adjustment'], message: QUOTE_ADJUSTMENT_INVALID });
      return z.NEVER;
    }
    const parsed = quoteSchema.safeParse(quoteInput(fields));
    if (parsed.success) return parsed.data;
    for (const issue of parsed.error.issues) {
      const key = String(issue.path[0] ?? 'serviceType');
      ctx.addIssue({ code: 'custom', path: [FORM_FIELD[key] ?? key], message: issue.message });
    }
    return z.NEVER;
  });

/** A change from the request, shown under its line and read with it (aria-describedby). */
function ChangeMark({ id, text }: { id?: string; text: string | undefined }) {
  if (!text) return null;
  return (
    <span id={id} className="quote-change" data-changed="">
      {text}
    </span>
  );
}

/** A Field's hint: the change mark, or no hint at all (so nothing empty is read out). */
const markOf = (text: string | undefined) => (text ? <ChangeMark text={text} /> : undefined);

const SERVICE_OPTIONS = SERVICE_FAMILY_NAMES.map((name) => ({ value: name, label: name }));

/**
 * The office's quote for a deal. It starts from what the customer asked for (deal.request:
 * size, service, visit and frequency, add-ons, the first-booking discount) and the estimate
 * they saw; the office changes what the assessment showed, and every line that differs from
 * the request says so beside it. Priced live by the shared rule (shared/quote.ts); the api
 * prices it again and never takes a total from the page.
 */
export function QuoteForm({ deal, onDone }: { deal: DealDetails; onDone: () => void }) {
  const mutation = useSendQuote();
  const { form, formRef, failure, onSubmit, showFailure } = useStaffForm<QuoteFields, Quote>(quoteFormSchema, requestedQuote(deal));
  const { register, control, formState: { errors } } = form;
  const fields = { ...requestedQuote(deal), ...useWatch({ control }) } as QuoteFields;
  const addOnMarkId = useId();
  const input = quoteInput(fields);
  const adjustmentCents = Number.isInteger(input.adjustmentCents) ? input.adjustmentCents : 0;
  const price = priceQuote({ ...input, addOns: fields.addOns, firstBookingDiscount: fields.firstBookingDiscount, adjustmentCents, adjustmentReason: input.adjustmentReason });
  const changes = quoteChanges(deal.request, fields, price?.totalCents ?? null);
  const recurring = fields.serviceType === RECURRING_FAMILY;
  const asked = deal.request;

  const send = (quote: Quote) => {
    if (mutation.isPending) return;
    mutation.mutate({ dealId: deal.id, ...seenOf(deal), ...quote }, { onSuccess: onDone, onError: showFailure });
  };
  const changedClass = (text: string | undefined) => (text ? 'field--changed' : undefined);

  return (
    <form ref={formRef} className="form quote-form" noValidate aria-label="Quote" aria-busy={mutation.isPending} onSubmit={onSubmit(send)}>
      <p className="fine-print">
        {asked
          ? `Starts from what the customer asked for on ${formatEasternDay(new Date(asked.submittedAt))}${asked.estimate ? ` (their estimate: ${formatUsd(asked.estimate.totalCents)})` : ''}. Change what the assessment showed: each line you change is marked.`
          : 'This cleaning has no booking request (it was made in HubSpot): the quote starts from the catalogue.'}
      </p>
      <div className="form-grid">
        <Field label="Service" required className={changedClass(changes.serviceType)} hint={markOf(changes.serviceType)} error={errors.serviceType?.message}>
          {(props) => (
            <select {...props} {...register('serviceType')}>
              {SERVICE_OPTIONS.map((o) => (
                <option key={o.value} value={o.value}>
                  {o.label}
                </option>
              ))}
            </select>
          )}
        </Field>
        <Field label="Home size" required className={changedClass(changes.squareFootage)} hint={markOf(changes.squareFootage)} error={errors.squareFootage?.message}>
          {(props) => (
            <select {...props} {...register('squareFootage', { setValueAs: Number })}>
              {SQUARE_FOOTAGE_BANDS.map((band) => (
                <option key={band.key} value={band.key}>
                  {bandLabel(band.key)}
                </option>
              ))}
            </select>
          )}
        </Field>
        {recurring ? (
          <>
            <Field label="Each visit" required className={changedClass(changes.visitType)} hint={markOf(changes.visitType)} error={errors.visitType?.message}>
              {(props) => (
                <select {...props} {...register('visitType')}>
                  {VISIT_TYPES.map((v) => (
                    <option key={v} value={v}>
                      {VISIT_TYPE_LABELS[v]}
                    </option>
                  ))}
                </select>
              )}
            </Field>
            <Field label="How often" required className={changedClass(changes.frequency)} hint={markOf(changes.frequency)} error={errors.frequency?.message}>
              {(props) => (
                <select {...props} {...register('frequency')}>
                  {RECURRING_FREQUENCIES.map((f) => (
                    <option key={f} value={f}>
                      {FREQUENCY_LABELS[f]}
                    </option>
                  ))}
                </select>
              )}
            </Field>
          </>
        ) : null}
      </div>
      <fieldset aria-describedby={errors.addOns ? `${addOnMarkId}-error` : undefined}>
        <legend>Add-ons</legend>
        <div className="choice-list">
          {BOOKABLE_ADD_ONS.map((addOn) => {
            const mark = changes.addOns[addOn.id];
            const markId = `${addOnMarkId}-${addOn.id}`;
            return (
              <label key={addOn.id} className={mark ? 'choice field--changed' : 'choice'}>
                <input type="checkbox" value={addOn.id} aria-describedby={mark ? markId : undefined} {...register('addOns')} />
                <span>
                  {addOn.name} — {formatUsd(addOn.priceCents ?? 0)}
                  <ChangeMark id={markId} text={mark} />
                </span>
              </label>
            );
          })}
        </div>
        <FieldError id={`${addOnMarkId}-error`} message={errors.addOns?.message} />
      </fieldset>
      <label className={changes.firstBookingDiscount ? 'choice field--changed' : 'choice'}>
        <input type="checkbox" aria-describedby={changes.firstBookingDiscount ? `${addOnMarkId}-discount` : undefined} {...register('firstBookingDiscount')} />
        <span>
          First-booking discount ({FIRST_BOOKING_DISCOUNT_PERCENT}% off)
          <ChangeMark id={`${addOnMarkId}-discount`} text={changes.firstBookingDiscount} />
        </span>
      </label>
      <div className="form-grid quote-form__adjustment">
        <Field label="Adjustment in USD (optional)" hint="A negative amount takes off." error={errors.adjustment?.message}>
          {(props) => <input {...props} inputMode="decimal" autoComplete="off" placeholder="0.00" {...register('adjustment')} />}
        </Field>
        {adjustmentCents !== 0 || fields.adjustmentReason ? (
          <Field label="Reason for the adjustment" required={adjustmentCents !== 0} error={errors.adjustmentReason?.message}>
            {(props) => <input {...props} autoComplete="off" maxLength={MAX_QUOTE_REASON} {...register('adjustmentReason')} />}
          </Field>
        ) : null}
      </div>
      <div aria-live="polite" className={changes.total ? 'quote-form__price field--changed' : 'quote-form__price'}>
        {price ? <QuoteLines price={price} caption="The customer will see" /> : <p className="field__error">{QUOTE_NOT_PRICED}</p>}
        <ChangeMark text={changes.total} />
      </div>
      <FormAlert message={failure} />
      <DealFormActions submit={mutation.isPending ? 'Sending the quote…' : 'Send quote'} disabled={mutation.isPending} back="Close" onBack={onDone} />
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
