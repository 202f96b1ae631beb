import { STAGE } from '@app/shared/deal-stages';
import { QUOTE_ALREADY_ANSWERED, QUOTE_NOT_AWAITING, quoteView, type QuoteAnswerInput, type QuoteView } from '@app/shared/quote';
import { errors } from '../../errors';
import type { ModuleDeps } from '../registry';
import { ownedDealQuote, recordQuoteAnswer } from './quote-repository';

type Deps = Pick<ModuleDeps, 'db' | 'outbox'>;

const BOOKING_NOT_FOUND = 'We could not find that booking.';

export interface PortalQuote {
  /** The last quote the office sent, with the customer's answer when given; null when none. */
  quote: QuoteView | null;
  /** Whether the customer may approve or decline it now. */
  canAnswer: boolean;
}

/** GET /api/portal/deals/:id/quote: the customer's own deal only; another's is a 404. */
export async function portalQuote(deps: Pick<Deps, 'db'>, contactId: string, dealId: string): Promise<PortalQuote> {
  const found = await ownedDealQuote(deps.db, contactId, dealId);
  if (!found) throw errors.notFound(BOOKING_NOT_FOUND);
  const quote = found.quote ? quoteView(found.quote) : null;
  return { quote, canAnswer: quote !== null && quote.answer === null && found.stageId === STAGE.AWAITING_QUOTE_APPROVAL };
}

/**
 * POST /api/portal/deals/:id/quote-answer: approve or decline the quote. Written in Postgres
 * first and shown at once as pending; the worker moves the HubSpot deal (crm.apply-quote-answer).
 */
export async function answerQuote(deps: Deps, contactId: string, dealId: string, input: QuoteAnswerInput): Promise<PortalQuote> {
  const outcome = await recordQuoteAnswer(deps.db, contactId, dealId, input);
  switch (outcome.kind) {
    case 'missing':
      throw errors.notFound(BOOKING_NOT_FOUND);
    case 'answered':
      throw errors.conflictOn('answer', 'quote_answered', QUOTE_ALREADY_ANSWERED);
    case 'not_awaiting':
      throw errors.conflictOn('answer', 'quote_not_awaiting', QUOTE_NOT_AWAITING);
    case 'recorded':
      deps.outbox.notify();
      return { quote: quoteView(outcome.quote), canAnswer: false };
  }
}
