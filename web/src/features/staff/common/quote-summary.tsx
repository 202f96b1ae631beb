import type { QuoteView } from '@app/shared/quote';
import { QuoteLines } from '../../../components/quote-lines';

/** What the customer said to the quote, as staff read it. */
export function answerText(answer: NonNullable<QuoteView['answer']>): string {
  const said = answer.answer === 'approved' ? 'Approved by the customer' : 'Declined by the customer';
  const why = answer.reason ? `: “${answer.reason}”` : '';
  if (answer.status === 'pending') return `${said}${why}. Waiting for HubSpot.`;
  if (answer.status === 'failed') return `${said}${why}, but not applied: ${answer.error ?? 'HubSpot refused the change.'}`;
  return `${said}${why}.`;
}

/** The last quote HubSpot has and the customer's answer (or that none came yet). */
export function SentQuote({ quote }: { quote: QuoteView }) {
  const answer = quote.answer;
  return (
    <div className="sent-quote">
      <QuoteLines price={quote.quote} caption="Quote sent" />
      <p className={answer?.status === 'failed' ? 'alert' : 'status-note'} role={answer?.status === 'failed' ? 'alert' : 'status'}>
        {answer ? answerText(answer) : 'Awaiting the customer’s answer.'}
      </p>
    </div>
  );
}
