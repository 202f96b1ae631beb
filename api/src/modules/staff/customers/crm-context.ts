import type { Db, Prisma } from '@app/db/client';
import { optionWords, personName } from '@app/shared/customer-context';
import type { Company } from '@app/shared/entities';
import type { hubspotLinks } from '../common/hubspot-links';

/**
 * What staff logged in HubSpot about a customer, from the mirror (worker/src/jobs/crm-pull-context.ts):
 * tasks, notes, calls and meetings on the contact, and their company with its own.
 */

/** How many of each list a customer page shows; HubSpot keeps the rest. */
export const CONTEXT_LIST_LIMIT = 20;

type Links = ReturnType<typeof hubspotLinks>;

const select = {
  id: true,
  kind: true,
  hubspotId: true,
  title: true,
  body: true,
  status: true,
  priority: true,
  occursAt: true,
  ownerHubspotId: true,
} as const satisfies Prisma.CrmActivitySelect;
type OwnerName = { firstName: string | null; lastName: string | null; email: string | null };
/** A mirrored activity with its HubSpot owner (null when not in our owner table). */
export type ActivityRow = Prisma.CrmActivityGetPayload<{ select: typeof select }> & { owner: OwnerName | null };

function view(a: ActivityRow) {
  return {
    id: a.id,
    kind: a.kind,
    hubspotId: a.hubspotId,
    title: a.title,
    body: a.body,
    status: a.status,
    priority: a.priority,
    at: a.occursAt?.toISOString() ?? null,
    owner: a.owner ? (personName(a.owner) ?? a.ownerHubspotId) : null,
  };
}
export type ActivityView = ReturnType<typeof view>;

/** The most activities one page reads for a contact or company (newest first); far more than a customer gathers. */
export const ACTIVITIES_READ = 500;
const byTime = (a: ActivityRow, b: ActivityRow) => (a.occursAt?.getTime() ?? Infinity) - (b.occursAt?.getTime() ?? Infinity);

/**
 * The lists of one contact or company from its activities (newest first, as read): open tasks by
 * due date (then the latest done ones; a task is done when HubSpot says COMPLETED), notes newest
 * first, and calls and meetings newest first (`upcomingOnly`: those still ahead, soonest first, as
 * docs/product.md §3 has a company's activities are its upcoming ones).
 */
function listsOf(rows: readonly ActivityRow[], now: Date, upcomingOnly = false) {
  const take = CONTEXT_LIST_LIMIT;
  const tasks = [...rows.filter((r) => r.kind === 'task' && r.status !== 'COMPLETED').sort(byTime), ...rows.filter((r) => r.kind === 'task' && r.status === 'COMPLETED')].slice(0, take);
  const notes = rows.filter((r) => r.kind === 'note').slice(0, take);
  const calls = rows.filter((r) => r.kind === 'call' || r.kind === 'meeting');
  const activities = (upcomingOnly ? calls.filter((r) => r.occursAt !== null && r.occursAt >= now).sort(byTime) : calls).slice(0, take);
  return { tasks: tasks.map(view), notes: notes.map(view), activities: activities.map(view) };
}

/** The contact's tasks, notes, and calls and meetings, from its activities (customers/repository.ts reads them with the contact). */
export function contactLists(rows: readonly ActivityRow[], now: Date) {
  return listsOf(rows, now);
}

/** A company's activities with their owners, newest first (a contact's are read with the contact). */
async function companyActivities(db: Db, companyHubspotId: string): Promise<ActivityRow[]> {
  const rows = await db.crmActivity.findMany({
    where: { companyHubspotIds: { has: companyHubspotId }, archivedAt: null },
    select,
    orderBy: [{ occursAt: { sort: 'desc', nulls: 'last' } }, { id: 'asc' }],
    take: ACTIVITIES_READ,
  });
  const ids = [...new Set(rows.flatMap((r) => (r.ownerHubspotId ? [r.ownerHubspotId] : [])))];
  const owners = ids.length
    ? new Map((await db.owner.findMany({ where: { hubspotId: { in: ids } }, select: { hubspotId: true, firstName: true, lastName: true, email: true } })).map((o) => [o.hubspotId, o]))
    : new Map<string, OwnerName>();
  return rows.map((r) => ({ ...r, owner: (r.ownerHubspotId && owners.get(r.ownerHubspotId)) || null }));
}

/**
 * The contact's company (docs/product.md §3 Company): its facts, the cleanings of everyone we hold at it,
 * its tasks and notes, and its upcoming calls and meetings; null when the contact has none (or
 * the pull has not brought it yet).
 */
export async function companyOf(db: Db, companyHubspotId: string | null, now: Date, links: Links): Promise<(Company & { hubspotUrl: string | null; people: { id: string; name: string }[] }) | null> {
  if (!companyHubspotId) return null;
  const company = await db.company.findUnique({ where: { hubspotId: companyHubspotId } });
  if (!company) return null;
  const [people, deals, lists] = await Promise.all([
    db.contact.findMany({ where: { companyHubspotId }, select: { id: true, firstName: true, lastName: true, email: true }, orderBy: { createdAt: 'asc' }, take: CONTEXT_LIST_LIMIT }),
    db.deal.findMany({
      where: { archivedAt: null, contact: { companyHubspotId } },
      select: { id: true, name: true, scheduledAt: true, stage: { select: { label: true } } },
      orderBy: [{ scheduledAt: { sort: 'desc', nulls: 'first' } }],
      take: CONTEXT_LIST_LIMIT,
    }),
    companyActivities(db, companyHubspotId).then((rows) => listsOf(rows, now, true)),
  ]);
  return {
    name: company.name ?? 'Unnamed company',
    domain: company.domain,
    industry: optionWords(company.industry) ?? 'N/A',
    lifecycle: company.lifecycleStage,
    createdAt: company.hubspotCreatedAt?.toISOString() ?? null,
    hubspotId: company.hubspotId,
    hubspotUrl: links('company', company.hubspotId),
    people: people.map((p) => ({ id: p.id, name: personName(p) ?? p.email })),
    deals: deals.map((d) => ({ id: d.id, dealname: d.name, stageLabel: d.stage.label, scheduledAt: d.scheduledAt?.toISOString() ?? null })),
    ...lists,
    subscriptions: [],
  };
}
