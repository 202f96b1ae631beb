import { dealStageLabel } from '@app/shared/deal-stages';
import { formatUsPhone } from '@app/shared/phone';
import type { CustomerContext } from '@app/shared/entities';
import { isTicketClosed } from '@app/shared/tickets';
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { cleaningPath } from '../common/board-format';
import { CompanyCard } from './company-card';
import { CrmActivityItem, isCrmActivity } from './crm-activity';
import { ContextFacts } from './context-facts';
import { easternFromIso } from '../common/format-eastern';
import { PortalHold } from './portal-hold';
import { cleaningName, SECTION_IDS } from './customer-summary';

type CrmRecord = Record<string, unknown>;

const str = (r: CrmRecord, key: string): string | undefined => {
  const v = r[key];
  return typeof v === 'string' && v.trim() ? v : typeof v === 'number' ? String(v) : undefined;
};

/** One line for a record whose shape the mirror does not fix (tasks, subscriptions, notes). */
function recordLine(r: CrmRecord): string {
  const title = str(r, 'subject') ?? str(r, 'title') ?? str(r, 'name') ?? str(r, 'hs_task_subject') ?? str(r, 'body') ?? str(r, 'hs_note_body');
  const when = str(r, 'createdAt') ?? str(r, 'dueDate') ?? str(r, 'hs_timestamp');
  const text = title ?? JSON.stringify(r);
  return when ? `${text} (${easternFromIso(when)})` : text;
}

/** Where a consent to texts was given: the booking form (which booking), the login page, or the portal's "How we reach you". */
function consentForm(k: { form: string; reference: string | null }): string {
  if (k.form === 'booking') return `booking form${k.reference ? ` (${k.reference})` : ''}`;
  return k.form === 'portal' ? 'portal (How we reach you)' : 'login page';
}

/** Whether HubSpot has an office action (docs/staff-actions.md). */
const ACTION_STATUS = {
  pending: 'waiting for HubSpot',
  applied: 'in HubSpot',
  conflict: 'not made: HubSpot had changed the cleaning',
  failed: 'not made: HubSpot refused it',
} as const;

function ListSection({ title, empty, items }: { title: string; empty: string; items: ReactNode[] }) {
  return (
    <section className="tool-section" aria-label={title}>
      <h3>{title}</h3>
      {items.length === 0 ? <p className="muted">{empty}</p> : <ul className="crm-activities">{items}</ul>}
    </section>
  );
}

function DealsTable({ deals }: { deals: CrmRecord[] }) {
  if (deals.length === 0) return <p className="muted">No deals.</p>;
  return (
    <div className="table-scroll">
      <table className="admin-table">
        <thead>
          <tr>
            <th scope="col">Deal</th>
            <th scope="col">Stage</th>
            <th scope="col">Scheduled (Eastern)</th>
            <th scope="col">Cleaner</th>
            <th scope="col">Amount</th>
          </tr>
        </thead>
        <tbody>
          {deals.map((d, i) => {
            const stage = str(d, 'dealstage') ?? '';
            const amount = str(d, 'amount');
            return (
              <tr key={str(d, 'id') ?? i}>
                <th scope="row">
                  {str(d, 'id') ? <Link to={cleaningPath(str(d, 'id') ?? '')}>{cleaningName(d)}</Link> : cleaningName(d)}
                  {str(d, 'reference') ? <span className="deal-reference"> {str(d, 'reference')}</span> : null}
                  {d.portalHeld === true && str(d, 'id') ? <PortalHold dealId={str(d, 'id') ?? ''} submittedContact={str(d, 'submittedContact')} /> : null}
                </th>
                <td data-label="Stage" data-stage>{str(d, 'stageLabel') ?? dealStageLabel(stage) ?? stage}</td>
                <td data-label="Scheduled (Eastern)">{str(d, 'scheduledAt') ? easternFromIso(str(d, 'scheduledAt')) : 'Not scheduled'}</td>
                <td data-label="Cleaner">{str(d, 'owner') ?? 'Unassigned'}</td>
                <td data-label="Amount">
                  {amount ? `$${amount}` : '—'}
                  {str(d, 'invoiceStatus') ? ` (${str(d, 'invoiceStatus')})` : ''}
                </td>
              </tr>
            );
          })}
        </tbody>
      </table>
    </div>
  );
}

/** An activity from the mirror: a change or cancellation request on one of the deals. */
function requestLine(a: CrmRecord): string {
  const type = str(a, 'type');
  if (!type) return recordLine(a);
  const state = isTicketClosed({ properties: { hs_pipeline_stage: str(a, 'pipelineStage') ?? null } }) ? 'closed' : 'open';
  const detail = [str(a, 'changeType'), str(a, 'reason')].filter(Boolean).join(': ');
  const cleaning = str(a, 'cleaning');
  return `${type} (${state}) on ${easternFromIso(str(a, 'createdAt'))}${cleaning ? `, for ${cleaning}` : ''}${detail ? ` — ${detail}` : ''}`;
}

/** A task, note, call or meeting from HubSpot; anything else in the list as one line. */
function logged(r: CrmRecord, i: number, now: Date): ReactNode {
  return isCrmActivity(r) ? <CrmActivityItem key={r.id} activity={r} now={now} /> : <li key={i}>{recordLine(r)}</li>;
}

/**
 * The §3 customer context: who they are, their deals, tasks, subscriptions, activities, notes and
 * company; `summary` (customer-summary.tsx) and the office's booking form come first, for a
 * phone call; `texts` is their thread (conversations/conversation-thread.tsx), last, one link
 * away from the summary.
 */
export function CustomerContextView({
  context,
  customerId,
  children,
  texts,
  summary,
}: {
  context: CustomerContext;
  customerId?: string;
  children?: ReactNode;
  texts?: ReactNode;
  summary?: ReactNode;
}) {
  const now = new Date();
  const facts: Array<[string, ReactNode]> = [
    ['Email', context.email ?? '—'],
    ['Phone', context.phone ? formatUsPhone(context.phone) : '—'],
    ['Lead status', context.status ?? '—'],
    ['Lifecycle stage', context.lifecycle ?? '—'],
    ['HubSpot ID', context.hubspotId || 'Not in HubSpot yet'],
  ];
  if (context.textsOptOut !== undefined && context.phone) {
    const optOut = context.textsOptOut;
    const held = context.textsHeld;
    const notAgreed = context.textsNotAgreed;
    facts.push([
      'Texts',
      optOut ? (
        <span data-texts-opted-out="">Opted out on {easternFromIso(optOut.since)} ({optOut.how}); nothing is texted, login codes included, until the phone replies START</span>
      ) : notAgreed?.form === 'portal' ? (
        <span data-texts-not-agreed="portal">
          Only login codes: the customer turned texts off in the portal ({easternFromIso(notAgreed.since)}). Other texts go again once they turn them on
          there or book with the text box ticked
        </span>
      ) : notAgreed ? (
        <span data-texts-not-agreed="">
          Only login codes: the text box was left unticked on the booking form ({easternFromIso(notAgreed.since)}
          {notAgreed.reference ? `, ${notAgreed.reference}` : ''}). Other texts go again after a booking with the box ticked, or once the customer turns
          them on in the portal
        </span>
      ) : held ? (
        <span data-texts-held="">
          Only login codes since {easternFromIso(held.since)}: {held.why}. Other texts are not sent until one is delivered or the customer signs in to the portal
        </span>
      ) : (
        'Receiving texts'
      ),
    ]);
  }
  return (
    <article className="card" aria-labelledby="customer-context-name">
      <h2 id="customer-context-name">{context.name || context.email || 'Customer'}</h2>
      {summary}
      <ContextFacts facts={facts} />
      {children}
      {context.company ? <CompanyCard company={context.company} customerId={customerId ?? ''} now={now} /> : null}
      <section className="tool-section" aria-labelledby={SECTION_IDS.cleanings}>
        <h3 id={SECTION_IDS.cleanings} tabIndex={-1}>
          Deals
        </h3>
        <DealsTable deals={context.deals} />
      </section>
      <ListSection title="Tasks" empty="No tasks." items={context.tasks.map((t, i) => logged(t, i, now))} />
      <ListSection
        title="Subscriptions"
        empty="No subscriptions."
        items={context.subscriptions.map((s, i) => <li key={i}>{recordLine(s)}</li>)}
      />
      <ListSection
        title="Activities"
        empty="No activities."
        items={context.activities.map((a, i) => (isCrmActivity(a) ? logged(a, i, now) : <li key={str(a, 'id') ?? i}>{requestLine(a)}</li>))}
      />
      <ListSection title="Notes" empty="No notes." items={context.notes.map((n, i) => logged(n, i, now))} />
      {context.officeActions ? (
        <ListSection
          title="Office actions"
          empty="Nothing done from the staff area yet."
          items={context.officeActions.map((a) => (
            <li key={a.id} data-office-action={a.status}>
              {easternFromIso(a.createdAt)}: {a.summary}, {a.cleaning}, by {a.staffEmail}
              {a.reason ? `. Reason: ${a.reason}` : ''} <span className="muted">({ACTION_STATUS[a.status]})</span>
            </li>
          ))}
        />
      ) : null}
      {context.textsConsent ? (
        <ListSection
          title="Text consent"
          empty="No consent to texts recorded here (given before consent was recorded, or by phone)."
          items={context.textsConsent.map((k, i) => (
            <li key={i} data-text-consent="">
              <details>
                <summary>
                  {easternFromIso(k.agreedAt)}: {consentForm(k)}, {k.phone}, terms of {k.version}
                  {k.form !== 'login' && typeof k.textsAgreed === 'boolean' ? (
                    <>
                      {', '}
                      <span data-texts-agreed={k.textsAgreed ? 'yes' : 'no'}>
                        {k.form === 'portal' ? (k.textsAgreed ? 'turned texts on' : 'turned texts off') : k.textsAgreed ? 'agreed to texts' : 'did not agree to texts'}
                      </span>
                    </>
                  ) : k.form === 'login' ? (
                    ', its login code only'
                  ) : null}
                </summary>
                <p className="fine-print">{k.words}</p>
              </details>
            </li>
          ))}
        />
      ) : null}
      <div id={SECTION_IDS.texts} tabIndex={-1} className="customer-texts">
        {texts}
      </div>
    </article>
  );
}
