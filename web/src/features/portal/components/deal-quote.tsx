import { formatUsd } from '@app/shared/money';
import { frequencyLabel, QUOTE_APPROVED_NEXT } from '@app/shared/portal-next-step';
import { MAX_QUOTE_REASON, type QuoteView } from '@app/shared/quote';
import { useId, useState } from 'react';
import { QuoteLines } from '../../../components/quote-lines';
import { ApiError } from '../../../lib/api-client';
import { useAnswerQuote, useQuote, type PortalQuote } from '../api/quote';

export const QUOTE_ANSWER_FAILED = 'We could not record your answer. Please try again, or call us.';

/** What the customer's answer says on the card. */
export function answerLine(answer: NonNullable<QuoteView['answer']>): string {
  const said = answer.answer === 'approved' ? 'You approved this quote.' : 'You declined this quote.';
  if (answer.status === 'pending') return `${said} We are passing your answer on to our office.`;
  if (answer.status === 'failed') return `${said} Our office had changed this cleaning meanwhile and will be in touch.`;
  return said;
}

/**
 * The quote, the answer or Approve / Decline (with an optional reason). While the deal still
 * awaits the answer (`awaiting`), an approval says what comes next; once HubSpot has it, the
 * card's own next step says it.
 */
export function QuoteBlock({ data, dealId, awaiting = true }: { data: PortalQuote; dealId: string; awaiting?: boolean }) {
  const id = useId();
  const mutation = useAnswerQuote(dealId);
  const [declining, setDeclining] = useState(false);
  const [reason, setReason] = useState('');
  const { quote, canAnswer } = data;
  if (!quote) return null;
  const answer = quote.answer;
  const frequency = frequencyLabel(quote.quote.frequency);
  const approvedNext = awaiting && answer?.answer === 'approved' && answer.status !== 'failed';
  const failure = mutation.isError ? (mutation.error instanceof ApiError && mutation.error.serverMessage ? mutation.error.serverMessage : QUOTE_ANSWER_FAILED) : null;
  return (
    <section className="deal-quote" aria-labelledby={`${id}-title`} data-quote="">
      <h4 id={`${id}-title`}>Your quote</h4>
      {frequency ? (
        <p className="deal-quote__frequency" data-quote-frequency="">
          Recurring clean: <strong>{frequency}</strong>
        </p>
      ) : null}
      <QuoteLines price={quote.quote} caption={`Quote of ${formatUsd(quote.quote.totalCents)}`} />
      <div aria-live="polite">
        {answer ? (
          <p className="deal-card__notice" data-quote-answer={`${answer.answer} ${answer.status}`}>
            {answerLine(answer)}
            {answer.reason ? ` Your reason: “${answer.reason}”` : ''}
          </p>
        ) : null}
        {approvedNext ? (
          <p className="deal-card__next" data-next-step="">
            {QUOTE_APPROVED_NEXT}
          </p>
        ) : null}
        {failure ? (
          <p className="alert" role="alert">
            {failure}
          </p>
        ) : null}
      </div>
      {canAnswer && !answer && !declining ? (
        <div className="actions">
          <button type="button" className="button" disabled={mutation.isPending} onClick={() => mutation.mutate({ answer: 'approved' })}>
            Approve
          </button>
          <button type="button" className="button button--ghost" disabled={mutation.isPending} onClick={() => setDeclining(true)}>
            Decline
          </button>
        </div>
      ) : null}
      {canAnswer && !answer && declining ? (
        <form
          className="deal-quote__decline"
          onSubmit={(event) => {
            event.preventDefault();
            mutation.mutate({ answer: 'declined', ...(reason.trim() && { reason: reason.trim() }) });
          }}
        >
          <label htmlFor={`${id}-reason`}>Why not? (optional)</label>
          <textarea id={`${id}-reason`} value={reason} maxLength={MAX_QUOTE_REASON} rows={3} onChange={(e) => setReason(e.target.value)} />
          <div className="actions">
            <button type="submit" className="button" disabled={mutation.isPending}>
              Decline quote
            </button>
            <button type="button" className="button button--ghost" onClick={() => setDeclining(false)}>
              Back
            </button>
          </div>
        </form>
      ) : null}
    </section>
  );
}

/** The office's quote on a cleaning awaiting the customer's approval, loaded for that card only. */
export function DealQuote({ dealId, awaiting }: { dealId: string; awaiting: boolean }) {
  const quote = useQuote(dealId);
  return quote.data ? <QuoteBlock data={quote.data} dealId={dealId} awaiting={awaiting} /> : null;
}
