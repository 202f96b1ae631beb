import { isAnswerableKind, REQUEST_KIND_LABELS, REQUEST_KINDS, type RequestsQuery } from '@app/shared/staff-board';
import { useState, type FormEvent } from 'react';
import { useSearchParams } from 'react-router';
import { Field } from '../../../components/form/field';
import { useOpenRequests } from './get-open-requests';
import { RequestSummary } from '../common/request-summary';
import { RequestAnswer } from '../common/request-answer';
import { seenOf } from '../common/seen-facts';
import { ToolPage } from '../frame/tool-page';
import '../common/staff-board.css';

type Kind = RequestsQuery['kind'];
/** What staff do with an unhappy customer: nothing to approve or decline (docs/conversations.md#ratings). */
const UNHAPPY_NEXT_STEP = 'Call the customer to make it right, then close the ticket in HubSpot.';
const KIND_OPTIONS: ReadonlyArray<{ value: Kind; label: string }> = [
  { value: 'all', label: 'All requests' },
  ...REQUEST_KINDS.map((value) => ({ value, label: `${REQUEST_KIND_LABELS[value]}s` })),
];
const isKind = (value: string | null): value is Kind => KIND_OPTIONS.some((o) => o.value === value);

function Requests() {
  // The filter lives in the address, so a filtered list can be bookmarked or shared with a colleague.
  const [params, setParams] = useSearchParams();
  const kindParam = params.get('kind');
  const query: RequestsQuery = { kind: isKind(kindParam) ? kindParam : 'all', q: params.get('q')?.trim() ?? '' };
  const [text, setText] = useState(query.q);
  const requests = useOpenRequests(query);

  const apply = (next: Partial<RequestsQuery>) => {
    const merged = { ...query, ...next };
    setParams(
      Object.fromEntries(Object.entries({ kind: merged.kind === 'all' ? '' : merged.kind, q: merged.q }).filter(([, v]) => v)),
      { replace: true },
    );
  };
  const onSearch = (event: FormEvent) => {
    event.preventDefault();
    apply({ q: text.trim() });
  };

  return (
    <>
      <form className="requests-filter" role="search" onSubmit={onSearch}>
        <Field label="Show">
          {(props) => (
            <select {...props} value={query.kind} onChange={(e) => apply({ kind: e.target.value as Kind })}>
              {KIND_OPTIONS.map((o) => (
                <option key={o.value} value={o.value}>
                  {o.label}
                </option>
              ))}
            </select>
          )}
        </Field>
        <Field label="Customer, e-mail, phone or address">
          {(props) => <input {...props} type="search" value={text} onChange={(e) => setText(e.target.value)} autoComplete="off" />}
        </Field>
        <button type="submit" className="button">
          Filter
        </button>
      </form>
      <div aria-live="polite">
        {requests.isPending ? (
          <p className="page-loading">Loading the requests…</p>
        ) : requests.isError && !requests.data ? (
          <p className="alert">The requests could not be loaded just now. Please try again.</p>
        ) : requests.data.count === 0 ? (
          <p>No open requests{query.q ? ` match “${query.q}”` : ''}.</p>
        ) : (
          <>
            <p className="muted">
              {requests.data.count === 1 ? '1 open request' : `${requests.data.count} open requests`}, oldest first
              {requests.data.count > requests.data.items.length ? ` (the first ${requests.data.items.length} shown)` : ''}.
            </p>
            <ul className="board-list requests-list" aria-label="Open requests">
              {requests.data.items.map((request) => (
                <li key={`${request.kind}-${request.id}`}>
                  <RequestSummary request={request} now={new Date()} />
                  {request.answerable && isAnswerableKind(request.kind) ? (
                    <RequestAnswer
                      request={{ id: request.id, kind: request.kind, changeType: request.changeType, requestedDate: request.requestedDate }}
                      seen={seenOf(request.deal)}
                      scheduledAt={request.deal.scheduledAt}
                      latest={request.answerable.answer?.kind === 'request-answer' ? request.answerable.answer : null}
                      busy={request.answerable.otherPending}
                    />
                  ) : request.kind === 'unhappy' ? (
                    <p className="status-note">{UNHAPPY_NEXT_STEP}</p>
                  ) : null}
                </li>
              ))}
            </ul>
          </>
        )}
      </div>
    </>
  );
}

/** /admin/requests: new bookings, open change/cancel requests, re-clean claims and unhappy customers in one list, oldest first. */
export function RequestsPage() {
  return (
    <ToolPage
      title="Requests"
      lead="New booking requests, open change or cancellation requests, re-clean claims and unhappy customers, oldest first. Answer a change, a cancellation or a claim here; a request leaves this list once HubSpot has it closed."
    >
      <Requests />
    </ToolPage>
  );
}
