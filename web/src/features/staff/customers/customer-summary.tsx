import { findProduct } from '@app/shared/catalogue';
import type { ThreadItem } from '@app/shared/conversations';
import { HISTORY_STAGES } from '@app/shared/deal-stages';
import { formatEasternClock, formatEasternDay } from '@app/shared/eastern-time';
import type { CustomerContext } from '@app/shared/entities';
import { invoiceStatusLabel } from '@app/shared/invoice';
import { formatUsd } from '@app/shared/money';
import { formatUsPhone } from '@app/shared/phone';
import { INVOICE_OPEN } from '@app/shared/texts';
import { isTicketClosed } from '@app/shared/tickets';
import type { MouseEvent, ReactNode } from 'react';
import { Link } from 'react-router';
import { cleaningPath } from '../common/board-format';
import { useConversation } from '../conversations/get-conversation';
import { isCrmActivity } from './crm-activity';
import './customer-summary.css';

type CrmRecord = Record<string, unknown>;
const text = (r: CrmRecord, key: string): string | undefined => (typeof r[key] === 'string' && r[key] ? (r[key] as string) : undefined);

/** Where the page's sections are, for the summary's in-page links. */
export const SECTION_IDS = { texts: 'customer-texts', cleanings: 'customer-cleanings' } as const;

/** A cleaning's name as the lists show it. */
export function cleaningName(d: CrmRecord): string {
  const service = text(d, 'serviceType');
  return text(d, 'dealname') ?? (service ? (findProduct(service)?.name ?? service) : 'Cleaning');
}

/** The next cleaning still to happen: the soonest scheduled one from now on, not done or canceled. */
function nextCleaning(deals: readonly CrmRecord[], now: Date): CrmRecord | null {
  const upcoming = deals
    .filter((d) => text(d, 'scheduledAt') && Date.parse(text(d, 'scheduledAt')!) >= now.getTime() && !HISTORY_STAGES.has(text(d, 'dealstage') ?? ''))
    .sort((a, b) => Date.parse(text(a, 'scheduledAt')!) - Date.parse(text(b, 'scheduledAt')!));
  return upcoming[0] ?? null;
}

/** What the customer owes: the cleanings whose invoice is not paid. */
function owed(deals: readonly CrmRecord[]): { cents: number; count: number } {
  const unpaid = deals.filter((d) => invoiceStatusLabel(text(d, 'invoiceStatus')) === INVOICE_OPEN);
  return { cents: unpaid.reduce((sum, d) => sum + Math.round(Number(text(d, 'amount') ?? 0) * 100), 0), count: unpaid.length };
}

/** The change, cancel and re-clean requests not closed yet. */
function openRequests(activities: readonly CrmRecord[]): CrmRecord[] {
  return activities.filter((a) => !isCrmActivity(a) && text(a, 'type') && text(a, 'dealId') && !isTicketClosed({ properties: { hs_pipeline_stage: text(a, 'pipelineStage') ?? null } }));
}

const when = (iso: string) => `${formatEasternDay(new Date(iso))} at ${formatEasternClock(new Date(iso))}`;

/** Moves to a section of the page and gives it the focus, so the keyboard goes on from there. */
function jumpTo(id: string) {
  return (event: MouseEvent<HTMLAnchorElement>) => {
    const target = document.getElementById(id);
    if (!target) return;
    event.preventDefault();
    target.scrollIntoView({ block: 'start' });
    target.focus({ preventScroll: true });
  };
}

function textLine(item: ThreadItem): string {
  const words = item.direction === 'in' ? item.body : (item.body ?? item.label);
  return `${item.direction === 'in' ? 'They wrote' : 'We sent'} ${formatEasternDay(new Date(item.at))}: ${words}`;
}

function LatestTexts({ phone }: { phone: string }) {
  const thread = useConversation(phone);
  if (thread.isPending) return <p className="muted">Loading the texts…</p>;
  const latest = (thread.data?.items ?? []).slice(-3).reverse();
  if (latest.length === 0) return <p className="muted">No texts yet.</p>;
  return (
    <ul className="customer-summary__texts">
      {latest.map((item) => (
        <li key={item.id} data-summary-text={item.direction}>
          {textLine(item)}
        </li>
      ))}
    </ul>
  );
}

function Item({ label, children }: { label: string; children: ReactNode }) {
  return (
    <div className="customer-summary__item">
      <dt>{label}</dt>
      <dd>{children}</dd>
    </div>
  );
}

/**
 * The top of the customer page, for a phone call: who they are, their next cleaning, open
 * requests, what they owe and their latest texts, with one step to the thread, the cleanings
 * and booking a cleaning.
 */
export function CustomerPageSummary({ context, now, onBook, booking }: { context: CustomerContext; now: Date; onBook: () => void; booking: boolean }) {
  const next = nextCleaning(context.deals, now);
  const requests = openRequests(context.activities);
  const money = owed(context.deals);
  return (
    <section className="customer-summary" aria-labelledby="customer-summary-heading">
      <h3 id="customer-summary-heading" className="visually-hidden">
        Summary
      </h3>
      <nav className="customer-summary__jump" aria-label="On this page">
        <a href={`#${SECTION_IDS.texts}`} onClick={jumpTo(SECTION_IDS.texts)}>
          Text thread
        </a>
        <a href={`#${SECTION_IDS.cleanings}`} onClick={jumpTo(SECTION_IDS.cleanings)}>
          Deals ({context.deals.length})
        </a>
        <button type="button" className="button" aria-expanded={booking} onClick={onBook}>
          Book a cleaning
        </button>
      </nav>
      <dl className="customer-summary__grid">
        <Item label="Contact">
          {context.phone ? <a href={`tel:${context.phone}`}>{formatUsPhone(context.phone)}</a> : 'No phone'}
          {context.email ? (
            <>
              <br />
              <a href={`mailto:${context.email}`}>{context.email}</a>
            </>
          ) : null}
        </Item>
        <Item label="Next cleaning">
          {next ? (
            <span data-summary-next="">
              <Link to={cleaningPath(text(next, 'id') ?? '')}>{cleaningName(next)}</Link>, {when(text(next, 'scheduledAt')!)}
              {text(next, 'owner') ? ` with ${text(next, 'owner')}` : ''}
            </span>
          ) : (
            'None scheduled'
          )}
        </Item>
        <Item label="Open requests">
          {requests.length === 0 ? (
            'None'
          ) : (
            <ul className="customer-summary__list" data-summary-requests={requests.length}>
              {requests.map((r) => (
                <li key={text(r, 'id')}>
                  <Link to={cleaningPath(text(r, 'dealId')!)}>{text(r, 'type')}</Link>
                  {text(r, 'cleaning') ? `, ${text(r, 'cleaning')}` : ''}
                </li>
              ))}
            </ul>
          )}
        </Item>
        <Item label="Money owed">
          <span data-summary-owed={money.cents}>
            {money.count === 0 ? 'Nothing owed' : `${formatUsd(money.cents)} on ${money.count} unpaid invoice${money.count === 1 ? '' : 's'}`}
          </span>
        </Item>
        <Item label="Latest texts">{context.phone ? <LatestTexts phone={context.phone} /> : 'No phone on file: no texts.'}</Item>
      </dl>
    </section>
  );
}
