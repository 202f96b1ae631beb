import type { Conversation, ThreadItem } from '@app/shared/conversations';
import { useEffect, useRef, type ReactNode } from 'react';
import { waitedSince } from '../common/board-format';
import { easternFromIso } from '../common/format-eastern';
import './conversation.css';

/** Where a text we sent stands, in staff words. */
export const DELIVERY_LABELS: Readonly<Record<string, string>> = {
  queued: 'waiting to be sent',
  sending: 'being sent',
  sent: 'sent',
  delivered: 'delivered',
  undelivered: 'not delivered',
  failed: 'failed',
  canceled: 'not sent',
};

/** What a keyword the customer texted did. */
const KEYWORD_LABELS = {
  stop: 'STOP: the phone opted out of texts',
  start: 'START: the phone opted back in',
  help: 'HELP: answered with our help text',
} as const;

/** A text logged on the customer's HubSpot timeline. */
const IN_HUBSPOT = 'in HubSpot';

type Inbound = Extract<ThreadItem, { direction: 'in' }>;
type Outbound = Extract<ThreadItem, { direction: 'out' }>;

function InboundText({ item }: { item: Inbound }) {
  const notes = [item.keyword ? KEYWORD_LABELS[item.keyword] : null, item.handledBy ? `no reply needed (${item.handledBy})` : null, item.inHubSpot ? IN_HUBSPOT : null].filter(Boolean);
  return (
    <li className="thread-item thread-item--in" data-direction="in">
      <p className="thread-meta">
        Customer · {easternFromIso(item.at)}
        {notes.length ? ` · ${notes.join(' · ')}` : ''}
      </p>
      <p className="thread-body">{item.body || '(empty text)'}</p>
    </li>
  );
}

/** A text we sent: what it was (and who wrote a reply), when, whether it arrived, and its words. */
function OutboundText({ item }: { item: Outbound }) {
  const why = item.reason ?? (item.errorCode ? `Twilio error ${item.errorCode}` : null);
  const state = item.sendsAt && item.status === 'queued' ? `waits for quiet hours to end: goes out ${easternFromIso(item.sendsAt)}` : (DELIVERY_LABELS[item.status] ?? item.status);
  return (
    <li className="thread-item thread-item--out" data-direction="out" data-status={item.status}>
      <p className="thread-meta">
        {item.label}
        {item.staffEmail ? ` by ${item.staffEmail}` : ''} · {easternFromIso(item.at)} · {state}
        {why ? ` (${why})` : ''}
        {item.inHubSpot ? ` · ${IN_HUBSPOT}` : ''}
      </p>
      {item.body ? (
        <p className="thread-body">{item.body}</p>
      ) : item.purpose === 'login_code' ? (
        <p className="thread-body thread-body--hidden">The code is never kept.</p>
      ) : null}
    </li>
  );
}

/**
 * A phone's texts in and out as one thread, oldest first and the newest at the bottom, as a
 * messaging app shows them; then whatever `children` adds (the reply form).
 */
export function ConversationView({ conversation, now, children }: { conversation: Conversation; now: Date; children?: ReactNode }) {
  const { items, earlier, waitingSince } = conversation;
  const list = useRef<HTMLOListElement>(null);
  const newest = items.at(-1)?.id;
  // Opened, and whenever a text arrives or goes out: the newest, at the bottom, is in view.
  useEffect(() => {
    if (list.current) list.current.scrollTop = list.current.scrollHeight;
  }, [newest]);
  return (
    <div className="conversation">
      {waitingSince ? (
        <p className="conversation-waiting" data-waiting="">
          Waiting for an answer for {waitedSince(waitingSince, now)} (since {easternFromIso(waitingSince)}).
        </p>
      ) : null}
      {earlier > 0 ? <p className="muted">{earlier} earlier text{earlier === 1 ? '' : 's'} not shown.</p> : null}
      {items.length === 0 ? (
        <p className="muted">No texts with this phone yet.</p>
      ) : (
        // A scrolling list: focusable, so the keyboard scrolls it too.
        <ol ref={list} className="thread" aria-label="Texts in and out, newest last" tabIndex={0}>
          {items.map((item) => (item.direction === 'in' ? <InboundText key={`in-${item.id}`} item={item} /> : <OutboundText key={`out-${item.id}`} item={item} />))}
        </ol>
      )}
      {children}
    </div>
  );
}
