import { z } from 'zod';
import { catalogueLines, firstBookingDiscount, RECURRING_FAMILY, type PriceLine } from './booking-price';
import { bookingAddOnsField, frequencyField, serviceFamilyField, squareFootageKeyField, visitTypeField } from './booking-request';
import { dealFactsSchema } from './deal-facts';
import { FREQUENCY_REQUIRED, VISIT_TYPE_REQUIRED } from './texts';

/**
 * The office's quote for a deal: lines chosen from the catalogue, priced by the one
 * booking rule (shared/booking-price.ts: the service's product for the size, its add-ons, the
 * first-booking discount), plus one free adjustment in cents with its reason. Unlike a booking,
 * every band is priced: above 2000 sq ft the office quotes after the assessment, and this is
 * that quote. The staff form, the api, the worker and the portal read it from here.
 */

/** Largest amount a quote (or its adjustment, either way) may carry, in cents: $100,000. */
export const MAX_QUOTE_CENTS = 10_000_000;
export const MAX_QUOTE_REASON = 500;

export const QUOTE_NOT_PRICED = 'This service has no price for this size of home: choose another.';
export const QUOTE_ADJUSTMENT_INVALID = 'Give the adjustment in whole cents, at most $100,000 either way.';
export const QUOTE_REASON_REQUIRED = 'Say why the price is adjusted.';
export const QUOTE_REASON_TOO_LONG = `Keep the reason under ${MAX_QUOTE_REASON} characters.`;
export const QUOTE_TOTAL_NOT_POSITIVE = 'The total must be above zero: make the adjustment smaller.';
export const QUOTE_TOTAL_TOO_HIGH = 'The total must be at most $100,000.';

const isoInstant = z.iso.datetime({ offset: true, message: 'Give the date and time as an ISO instant.' });

/** The fields of a quote, before the checks across them (the catalogue choices as a booking makes them). */
export const quoteFields = {
  serviceType: serviceFamilyField,
  squareFootage: squareFootageKeyField,
  visitType: visitTypeField.optional(),
  frequency: frequencyField.optional(),
  addOns: bookingAddOnsField,
  firstBookingDiscount: z.boolean({ error: 'Say whether the first-booking discount applies.' }).default(false),
  adjustmentCents: z.number({ error: QUOTE_ADJUSTMENT_INVALID }).int(QUOTE_ADJUSTMENT_INVALID).min(-MAX_QUOTE_CENTS, QUOTE_ADJUSTMENT_INVALID).max(MAX_QUOTE_CENTS, QUOTE_ADJUSTMENT_INVALID).default(0),
  adjustmentReason: z.string().trim().max(MAX_QUOTE_REASON, QUOTE_REASON_TOO_LONG).optional(),
};

export type QuoteFields = z.infer<z.ZodObject<typeof quoteFields>>;

/** The checks across fields, each naming the field to fix. */
export function checkQuote(value: QuoteFields, ctx: z.core.$RefinementCtx<QuoteFields>): void {
  const issue = (path: keyof QuoteFields, message: string) => ctx.addIssue({ code: 'custom', path: [path], message });
  if (value.serviceType === RECURRING_FAMILY) {
    if (!value.visitType) issue('visitType', VISIT_TYPE_REQUIRED);
    if (!value.frequency) issue('frequency', FREQUENCY_REQUIRED);
    if (!value.visitType || !value.frequency) return;
  }
  if (value.adjustmentCents !== 0 && !value.adjustmentReason) issue('adjustmentReason', QUOTE_REASON_REQUIRED);
  const price = priceQuote(value);
  if (!price) return issue('squareFootage', QUOTE_NOT_PRICED);
  if (price.totalCents <= 0) issue('adjustmentCents', QUOTE_TOTAL_NOT_POSITIVE);
  else if (price.totalCents > MAX_QUOTE_CENTS) issue('adjustmentCents', QUOTE_TOTAL_TOO_HIGH);
}

/** A quote as the office chose it. */
export const quoteSchema = z.object(quoteFields).strict().superRefine(checkQuote);
export type Quote = z.infer<typeof quoteSchema>;
/** What the staff form sends: a quote may leave out what has a default. */
export type QuoteInput = z.input<typeof quoteSchema>;

/**
 * POST /api/internal/admin/deals/:id/quote: the quote, and the deal's version the page showed
 * (`seenModifiedAt`, as for a move: docs/staff-actions.md).
 */
export const dealQuoteSchema = z
  .object({ ...quoteFields, seenModifiedAt: isoInstant.nullable(), seen: dealFactsSchema.optional() })
  .strict()
  .superRefine((value, ctx) => checkQuote(value, ctx as unknown as z.core.$RefinementCtx<QuoteFields>));
export type DealQuoteInput = z.input<typeof dealQuoteSchema>;
export type DealQuote = z.output<typeof dealQuoteSchema>;

/** A quote's price: the catalogue lines, the discount, the adjustment and the total. */
export interface QuotePrice {
  lines: PriceLine[];
  subtotalCents: number;
  discountPercent: number | null;
  discountCents: number;
  adjustmentCents: number;
  adjustmentReason: string | null;
  totalCents: number;
}

/** Prices a quote with the booking rule; null when the service has no price for the size. */
export function priceQuote(quote: Pick<QuoteFields, 'serviceType' | 'squareFootage' | 'visitType' | 'addOns' | 'firstBookingDiscount'> & { adjustmentCents?: number; adjustmentReason?: string | undefined }): QuotePrice | null {
  const lines = catalogueLines({ serviceType: quote.serviceType, squareFootage: quote.squareFootage, visitType: quote.visitType, addOns: quote.addOns });
  if (lines === null) return null;
  const subtotalCents = lines.reduce((sum, line) => sum + line.cents, 0);
  const { discountPercent, discountCents } = firstBookingDiscount(subtotalCents, quote.firstBookingDiscount);
  const adjustmentCents = quote.adjustmentCents ?? 0;
  return {
    lines,
    subtotalCents,
    discountPercent,
    discountCents,
    adjustmentCents,
    adjustmentReason: adjustmentCents === 0 ? null : (quote.adjustmentReason ?? null),
    totalCents: subtotalCents - discountCents + adjustmentCents,
  };
}

/** A sent quote as a command carries it (deal_command.changes.quote) and the pages show it. */
export const sentQuoteSchema = z.object({
  serviceType: z.string(),
  squareFootage: z.number(),
  visitType: z.string().nullable(),
  frequency: z.string().nullable(),
  lines: z.array(z.object({ id: z.string(), name: z.string(), cents: z.number() })),
  subtotalCents: z.number(),
  discountPercent: z.number().nullable(),
  discountCents: z.number(),
  adjustmentCents: z.number(),
  adjustmentReason: z.string().nullable(),
  totalCents: z.number(),
});
export type SentQuote = z.infer<typeof sentQuoteSchema>;

/** The record of a quote as sent: what was chosen and what it came to. */
export function sentQuote(quote: Quote): SentQuote {
  const price = priceQuote(quote);
  if (!price) throw new Error('a quote is priced before it is sent');
  const recurring = quote.serviceType === RECURRING_FAMILY;
  return {
    serviceType: quote.serviceType,
    squareFootage: quote.squareFootage,
    visitType: recurring ? (quote.visitType ?? null) : null,
    frequency: recurring ? (quote.frequency ?? null) : null,
    ...price,
  };
}

/** The customer's answer to a quote (POST /api/portal/deals/:id/quote-answer). */
export const QUOTE_ANSWERS = ['approved', 'declined'] as const;
export type QuoteAnswerKind = (typeof QUOTE_ANSWERS)[number];
export const quoteAnswerSchema = z
  .object({
    answer: z.enum(QUOTE_ANSWERS, { error: 'Approve or decline the quote.' }),
    reason: z.string().trim().max(MAX_QUOTE_REASON, QUOTE_REASON_TOO_LONG).optional(),
  })
  .strict();
export type QuoteAnswerInput = z.infer<typeof quoteAnswerSchema>;

/** A quote already answered: the second answer is refused. */
export const QUOTE_ALREADY_ANSWERED = 'You have already answered this quote. Call us if you changed your mind.';
/** The deal is not awaiting the customer's answer (any more). */
export const QUOTE_NOT_AWAITING = 'This quote is not waiting for your answer any more.';

export type QuoteAnswerStatus = 'pending' | 'applied' | 'failed';

/** A quote as the portal and the staff pages show it, with the customer's answer when given. */
export const quoteViewSchema = z.object({
  commandId: z.string(),
  sentAt: z.string(),
  quote: sentQuoteSchema,
  answer: z
    .object({
      answer: z.enum(QUOTE_ANSWERS),
      reason: z.string().nullable(),
      status: z.enum(['pending', 'applied', 'failed']),
      error: z.string().nullable(),
      answeredAt: z.string(),
    })
    .nullable(),
});
export type QuoteView = z.infer<typeof quoteViewSchema>;

/** A 'quote' command as read from the database, with the customer's answer when given. */
export interface QuoteRow {
  id: string;
  createdAt: Date;
  changes: unknown;
  answer: { answer: string; reason: string | null; status: string; error: string | null; createdAt: Date } | null;
}

/** The quote a command sent, and the customer's answer, as the pages show them. */
export function quoteView(row: QuoteRow): QuoteView {
  return quoteViewSchema.parse({
    commandId: row.id,
    sentAt: row.createdAt.toISOString(),
    quote: (row.changes as { quote?: unknown }).quote,
    answer: row.answer && { ...row.answer, answeredAt: row.answer.createdAt.toISOString() },
  });
}
