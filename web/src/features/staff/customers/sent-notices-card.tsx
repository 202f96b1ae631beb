import { DELIVERY_STATE_LABELS, type Delivery, type SentNotice, type SentNotices } from '@app/shared/sent-notices';
import { formatUsPhone } from '@app/shared/phone';
import { Link } from 'react-router';
import { cleaningPath } from '../common/board-format';
import { easternFromIso } from '../common/format-eastern';
import { failureText } from '../common/staff-errors';
import { useSentNotices } from './sent-notices';

export const SENT_NOTICES_TITLE = 'What we sent';

/** Where e-mail to the address stands, in staff words: what stops it, since when, and the provider's reason. */
export function emailStandingLine({ address, suppression: s }: SentNotices['email']): string {
  const reason = s?.reason ? ` (${s.reason})` : '';
  if (s?.complainedAt) return `E-mail to ${address}: stopped, an e-mail was marked as spam on ${easternFromIso(s.complainedAt)}. Nothing is e-mailed.`;
  if (s?.bouncedAt) {
    return `E-mail to ${address}: stopped, it bounced on ${easternFromIso(s.bouncedAt)}${reason}. Nothing is e-mailed until the customer asks for it again in the portal.`;
  }
  if (s?.unsubscribedAt) return `E-mail to ${address}: unsubscribed from reminders and rating requests on ${easternFromIso(s.unsubscribedAt)}. Other notices still go.`;
  return `E-mail to ${address}: every notice goes.`;
}

/** One channel's outcome: its state, why (when not sent or failed), to whom and when. */
function DeliveryCell({ delivery, label }: { delivery: Delivery; label: string }) {
  const state = DELIVERY_STATE_LABELS[delivery.state];
  const to = delivery.to?.startsWith('+') ? formatUsPhone(delivery.to) : delivery.to;
  return (
    <td data-label={label} data-delivery={delivery.state}>
      <strong>{state}</strong>
      {delivery.reason ? `: ${delivery.reason}` : ''}
      {to || delivery.at ? (
        <span className="muted">
          <br />
          {[to, delivery.state === 'waiting' && delivery.at ? `goes ${easternFromIso(delivery.at)}` : easternFromIso(delivery.at)].filter(Boolean).join(', ')}
        </span>
      ) : null}
    </td>
  );
}

function NoticeRow({ notice }: { notice: SentNotice }) {
  return (
    <tr data-notice={notice.kind}>
      <th scope="row">
        {notice.label}
        {notice.deal ? (
          <>
            {' '}
            <Link to={cleaningPath(notice.deal.id)} className="deal-reference">
              {notice.deal.reference}
            </Link>
          </>
        ) : null}
      </th>
      <td data-label="Planned">{easternFromIso(notice.at)}</td>
      <DeliveryCell delivery={notice.text} label="Text" />
      <DeliveryCell delivery={notice.email} label="E-mail" />
    </tr>
  );
}

/**
 * "What we sent" on the staff customer page (docs/customer-messages.md#where-people-see-them):
 * each notice, newest first, with what became of its text and its e-mail and why one was not
 * sent, a page at a time; above it, where e-mail to the customer's address stands.
 */
export function SentNoticesCard({ contactId }: { contactId: string }) {
  const list = useSentNotices(contactId);
  const pages = list.data?.pages ?? [];
  const notices = pages.flatMap((page) => page.notices);
  return (
    <section className="tool-section" aria-labelledby="sent-notices-heading">
      <h3 id="sent-notices-heading">{SENT_NOTICES_TITLE}</h3>
      {list.isPending ? <p className="muted">Loading what we sent…</p> : null}
      {list.isError ? <p className="muted">{failureText(list.error, 'What we sent could not be loaded.')}</p> : null}
      {pages[0] ? <p data-email-standing="">{emailStandingLine(pages[0].email)}</p> : null}
      {list.isSuccess && notices.length === 0 ? <p className="muted">Nothing sent yet.</p> : null}
      {notices.length > 0 ? (
        <div className="table-scroll">
          <table className="admin-table">
            <caption className="visually-hidden">Notices to the customer, newest first</caption>
            <thead>
              <tr>
                <th scope="col">Notice</th>
                <th scope="col">Planned</th>
                <th scope="col">Text</th>
                <th scope="col">E-mail</th>
              </tr>
            </thead>
            <tbody>
              {notices.map((notice) => (
                <NoticeRow key={notice.id} notice={notice} />
              ))}
            </tbody>
          </table>
        </div>
      ) : null}
      {list.hasNextPage ? (
        <button type="button" className="button button--ghost" disabled={list.isFetchingNextPage} onClick={() => void list.fetchNextPage()}>
          {list.isFetchingNextPage ? 'Loading…' : 'Show more'}
        </button>
      ) : null}
    </section>
  );
}
