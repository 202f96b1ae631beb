import { FREQUENCY_LABELS, type RecurringFrequency } from './booking-price';
import { STAGE } from './deal-stages';

/**
 * What comes next for a cleaning in the portal, in the customer's words (our wording), read from
 * the stages of docs/product.md §4 in their order: quote approval, then payment, then
 * scheduling. One sentence per card, so "Invoice Payment Needed" beside "No invoice yet" is never
 * left to be guessed at. The portal's cards and the browser tests read these.
 */

/** Approved, and the invoice is not made yet (the worker makes it from the quote within moments: docs/payments.md). */
export const INVOICE_COMING_NEXT = 'What happens next: your invoice comes here in a moment, and you can pay it online. Once it is paid, we schedule your cleaning.';
/** Said under a quote just approved, while our office takes the answer (the deal still awaits it): the same next step. */
export const QUOTE_APPROVED_NEXT = INVOICE_COMING_NEXT;
/** Approved, and the invoice is open. */
export const INVOICE_TO_PAY_NEXT = 'What happens next: pay the invoice online. Once it is paid, we schedule your cleaning.';
/** Paid: the office picks the day with the customer. */
export const SCHEDULING_NEXT = 'What happens next: our office sets the day and time of your cleaning with you, and it shows here once confirmed.';
/** Asked for; the assessment comes first. */
export const REQUESTED_NEXT = 'What happens next: we contact you within 24 hours to book your free 15-minute assessment, then send your quote.';
/** The office is writing the quote. */
export const QUOTE_IN_PREPARATION_NEXT = 'What happens next: our office prepares your quote, and you can approve it here.';

/** The sentence for a cleaning still upcoming, by its stage; null where the card already says it all (a quote to answer, a date). */
export function portalNextStep(stageId: string, invoice: { open: boolean }): string | null {
  switch (stageId) {
    case STAGE.CLEAN_REQUESTED:
    case STAGE.PENDING_ESTIMATE_CALL:
      return REQUESTED_NEXT;
    case STAGE.CREATING_QUOTE:
      return QUOTE_IN_PREPARATION_NEXT;
    case STAGE.INVOICE_PAYMENT_NEEDED:
      return invoice.open ? INVOICE_TO_PAY_NEXT : INVOICE_COMING_NEXT;
    case STAGE.SCHEDULING_IN_PROGRESS:
      return SCHEDULING_NEXT;
    default:
      return null;
  }
}

/** 'Weekly' for a recurring quote's frequency; null for a single visit (or a value we do not know). */
export function frequencyLabel(frequency: string | null | undefined): string | null {
  return frequency && frequency in FREQUENCY_LABELS ? FREQUENCY_LABELS[frequency as RecurringFrequency] : null;
}
