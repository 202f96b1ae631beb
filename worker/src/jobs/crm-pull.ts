import type { Db } from '@app/db/client';
import { recordPullCompleted } from '@app/db/sync-status';
import type { InvoiceStatus, TicketCategory } from '@app/db/generated/client';
import { ticketCategoryKey } from '@app/shared/tickets';
import { CLOSE_OUT_OUTCOMES, type CloseOutOutcome } from '@app/shared/close-out';
import { dollarsToCents } from '@app/shared/invoice';
import type { CrmAccount } from '../crm/account/crm-account';
import type { StageMap } from '../crm/account/stage-map';
import { mergedIdsOf, REQUEST_ID, type HubSpotGateway, type HubSpotRecord, type ObjectType } from '../crm/hubspot-gateway';
import { heldInvoiceVersions, liveInvoice, recordInvoices, type InvoiceOnDeal } from '../crm/invoice-record-repository';
import type { MergeConflict } from '../crm/merge-repository';
import { modifiedAtOf, modifiedMillis } from '../crm/modified-date';
import { DEFAULT_NOTICE_POLICY, type NoticePolicy } from '../crm/notice-rules';
import {
  applyDeals,
  applyInvoices,
  applyTickets,
  heldVersions,
  readCursor,
  ticketsOnDealsWithoutCustomer,
  upsertOwners,
  writeCursor,
  type MirroredDeal,
  type MirroredInvoice,
  type MirroredTicket,
} from '../crm/mirror-repository';
import type { Logger } from '@app/runtime/logger';
import { defineJob } from './job';
import { ACTIVITY_SOURCES, activityProperties, COMPANY_PROPERTIES, mirrorActivities, mirrorCompanies } from './crm-pull-context';
import { CONTACT_PROPERTIES, mirrorChangedContacts, mirrorNewContacts } from './crm-pull-contacts';

export const DEAL_PROPERTIES = ['dealname', 'dealstage', 'amount', 'scheduled_date', 'duration_minutes', 'visit_outcome', 'hubspot_owner_id', 'app_request_id', 'service_type', 'service_address', 'external_skus', 'hs_merged_object_ids'];
export const INVOICE_PROPERTIES = ['hs_invoice_status', 'hs_amount_billed', 'hs_amount_paid', 'hs_number', 'hs_pdf_download_link', 'hs_invoice_link', 'hs_due_date', 'hs_invoice_date', REQUEST_ID];
export const TICKET_PROPERTIES = ['hs_ticket_category', 'hs_pipeline_stage', 'app_request_id', 'hs_merged_object_ids'];
const INVOICE_STATUSES: ReadonlySet<string> = new Set(['draft', 'open', 'paid', 'voided']);

/** How far before its cursor a pull searches again by default (see CRM_PULL_REREAD_MS). */
export const DEFAULT_REREAD_MS = 300_000;

const text = (r: HubSpotRecord, name: string) => r.properties[name] || null;
const instant = (value: string | null) => {
  const ms = modifiedMillis(value);
  return ms === null ? null : new Date(ms);
};
const toDate = (ms: number | null) => (ms === null ? null : new Date(ms));
/** The record's modified date, from its type's property (modified-date.ts). */
const modifiedAt = (type: ObjectType, r: HubSpotRecord) => toDate(modifiedAtOf(type, r)) ?? new Date(0);
const versionOf = (type: ObjectType) => (r: HubSpotRecord) => ({ hubspotId: r.id, modifiedAt: modifiedAt(type, r) });

function toInvoice(r: HubSpotRecord): MirroredInvoice {
  const status = text(r, 'hs_invoice_status');
  return {
    hubspotId: r.id,
    status: status && INVOICE_STATUSES.has(status) ? (status as InvoiceStatus) : null,
    amountCents: dollarsToCents(text(r, 'hs_amount_billed')),
    number: text(r, 'hs_number'),
    pdfUrl: text(r, 'hs_pdf_download_link'),
    url: text(r, 'hs_invoice_link'),
    dueDate: text(r, 'hs_due_date')?.slice(0, 10) ?? null,
    issuedOn: text(r, 'hs_invoice_date')?.slice(0, 10) ?? null,
    paidCents: dollarsToCents(text(r, 'hs_amount_paid')),
    appRequestId: text(r, REQUEST_ID),
    modifiedAt: toDate(modifiedAtOf('invoices', r)),
  };
}

/** The product's key of an account ticket stage (null stays null). */
const ticketStageKey = (id: string | null, stages: StageMap) => (id === null ? null : stages.ticketStageKey(id));

function toDeal(d: HubSpotRecord, contactsByDeal: ReadonlyMap<string, string[]>, stages: StageMap): MirroredDeal {
  return {
    hubspotId: d.id,
    appRequestId: text(d, 'app_request_id'),
    name: text(d, 'dealname'),
    // The product's stage key: the account's own stage ids never reach the mirror.
    stageId: stages.dealStageKey(text(d, 'dealstage') ?? ''),
    scheduledAt: instant(text(d, 'scheduled_date')),
    durationMinutes: durationOf(text(d, 'duration_minutes')),
    visitOutcome: outcomeOf(text(d, 'visit_outcome')),
    amountCents: dollarsToCents(text(d, 'amount')),
    ownerHubspotId: text(d, 'hubspot_owner_id'),
    serviceType: text(d, 'service_type'),
    serviceAddress: text(d, 'service_address'),
    skus: (text(d, 'external_skus') ?? '').split(';').filter(Boolean),
    contactHubspotId: contactsByDeal.get(d.id)?.[0] ?? null,
    modifiedAt: modifiedAt('deals', d),
    mergedHubspotIds: mergedIdsOf(d),
  };
}

/** A duration typed in HubSpot: whole minutes up to a day, else none (the mirror never takes a value it cannot plan with). */
export function durationOf(value: string | null): number | null {
  const minutes = Number(value);
  return value && Number.isInteger(minutes) && minutes >= 1 && minutes <= 1440 ? minutes : null;
}

function outcomeOf(value: string | null): CloseOutOutcome | null {
  return (CLOSE_OUT_OUTCOMES as readonly string[]).includes(value ?? '') ? (value as CloseOutOutcome) : null;
}

interface PullDeps {
  db: Db;
  hubspot: HubSpotGateway;
  account: CrmAccount;
  /** What the configuration says about customer texts (default: every kind, reminders a day ahead). */
  notices?: NoticePolicy;
  now?: () => Date;
}

const applyOptions = (deps: PullDeps) => ({ now: (deps.now ?? (() => new Date()))(), policy: deps.notices ?? DEFAULT_NOTICE_POLICY });

export interface MirrorSummary {
  created: number;
  updated: number;
  followed: number;
  /** Customers of mirrored deals and tickets that had no row: created, and left out (no e-mail, or another contact's). */
  contacts: number;
  contactsLeftOut: number;
  invoices: number;
  tickets: number;
  /** Customer texts written (confirmations, moves, answers, invoices; reminders not counted). */
  notices: number;
  conflicts: MergeConflict[];
}

export const emptySummary = (): MirrorSummary => ({ created: 0, updated: 0, followed: 0, contacts: 0, contactsLeftOut: 0, invoices: 0, tickets: 0, notices: 0, conflicts: [] });

/** The customers of deals or tickets being mirrored that have no row yet get one first (crm-pull-contacts.ts). */
async function mirrorCustomers(deps: PullDeps, contactsByRecord: ReadonlyMap<string, string[]>, into: MirrorSummary): Promise<void> {
  const firsts = [...contactsByRecord.values()].flatMap((ids) => ids.slice(0, 1));
  const applied = await mirrorNewContacts(deps.db, deps.hubspot, firsts);
  into.contacts += applied.created;
  into.contactsLeftOut += applied.skipped.length;
}

/**
 * Mirrors HubSpot deal records (with DEAL_PROPERTIES) and the invoice of each: their contact
 * (mirrored first when new to us), a merged deal's row following it. Records the mirror
 * already holds in that version cost no further request. Used by the pull, and by the sweep for merged deals.
 */
export async function mirrorDealRecords(deps: PullDeps, records: readonly HubSpotRecord[], into = emptySummary()): Promise<MirrorSummary> {
  const { db, hubspot, account } = deps;
  const held = await heldVersions(db, 'deal', records.map(versionOf('deals')));
  const deals = records.filter((d) => !held.has(d.id));
  if (deals.length === 0) return into;
  const dealIds = deals.map((d) => d.id);
  const contactsByDeal = await hubspot.associatedIds('deals', 'contacts', dealIds);
  await mirrorCustomers(deps, contactsByDeal, into);
  const stages = account.stages();
  const options = applyOptions(deps);
  const applied = await applyDeals(db, deals.map((d) => toDeal(d, contactsByDeal, stages)), options);
  into.created += applied.created;
  into.notices += applied.notices;
  into.updated += applied.updated;
  into.followed += applied.followed;
  into.conflicts.push(...applied.conflicts);

  // A deal's invoice may be new to us without having changed itself (just associated).
  const invoicesByDeal = await hubspot.associatedIds('deals', 'invoices', dealIds);
  const invoices = new Map(
    (await hubspot.readBatch('invoices', [...new Set([...invoicesByDeal.values()].flat())], INVOICE_PROPERTIES)).map((i) => [i.id, i]),
  );
  const invoiceOfDeal = new Map<string, MirroredInvoice>();
  const seen: InvoiceOnDeal[] = [];
  for (const [dealId, invoiceIds] of invoicesByDeal) {
    const own = invoiceIds.flatMap((id) => {
      const record = invoices.get(id);
      return record ? [toInvoice(record)] : [];
    });
    seen.push(...own.map((invoice) => ({ invoice, dealHubspotId: dealId })));
    const live = liveInvoice(own);
    if (live) invoiceOfDeal.set(dealId, live);
  }
  into.notices += (await applyInvoices(db, invoiceOfDeal, { ...options, newDeals: new Set(applied.createdHubspotIds) })).notices;
  await recordInvoices(db, seen);
  into.invoices += invoiceOfDeal.size;
  return into;
}

/** Invoices that changed themselves (a payment does not touch the deal), onto their deals. */
export async function mirrorInvoiceRecords(deps: PullDeps, records: readonly HubSpotRecord[], into: MirrorSummary = emptySummary()): Promise<void> {
  const { db, hubspot } = deps;
  const held = await heldInvoiceVersions(db, records.map(versionOf('invoices')));
  const invoices = records.filter((i) => !held.has(i.id));
  if (invoices.length === 0) return;
  const byId = new Map(invoices.map((i) => [i.id, toInvoice(i)]));
  const dealsByInvoice = await hubspot.associatedIds('invoices', 'deals', [...byId.keys()]);
  const onDeals = new Map<string, MirroredInvoice[]>();
  for (const [invoiceId, dealIds] of dealsByInvoice) {
    const invoice = byId.get(invoiceId);
    for (const dealId of dealIds) if (invoice) onDeals.set(dealId, [...(onDeals.get(dealId) ?? []), invoice]);
  }
  const invoiceOfDeal = new Map<string, MirroredInvoice>();
  for (const [dealId, own] of onDeals) {
    const live = liveInvoice(own);
    if (live) invoiceOfDeal.set(dealId, live);
  }
  into.notices += (await applyInvoices(db, invoiceOfDeal, applyOptions(deps))).notices;
  // Every one goes into the ledger, one on no deal (a tip) too.
  await recordInvoices(db, [...byId.values()].map((invoice) => ({ invoice, dealHubspotId: dealsByInvoice.get(invoice.hubspotId)?.[0] ?? null })));
  into.invoices += invoiceOfDeal.size;
}

/** Change and cancel tickets (with TICKET_PROPERTIES) onto their deals; support tickets from the contact form are not mirrored. */
export async function mirrorTicketRecords(deps: PullDeps, records: readonly HubSpotRecord[], into = emptySummary()): Promise<MirrorSummary> {
  const { db, hubspot, account } = deps;
  const held = await heldVersions(db, 'ticket', records.map(versionOf('tickets')));
  const tickets = records.filter((t) => !held.has(t.id) && ticketCategoryKey(text(t, 'hs_ticket_category')));
  if (tickets.length === 0) return into;
  const dealsByTicket = await hubspot.associatedIds('tickets', 'deals', tickets.map((t) => t.id));
  // A ticket's own customer counts only on a mirrored deal without one (applyTickets): only those are read.
  const contactsByTicket = await hubspot.associatedIds('tickets', 'contacts', await ticketsOnDealsWithoutCustomer(db, dealsByTicket));
  await mirrorCustomers(deps, contactsByTicket, into);
  const applied = await applyTickets(
    db,
    tickets.flatMap((t): MirroredTicket[] => {
      // The shared list names every category of the database's enum (a category missing there fails to compile).
      const category: TicketCategory | undefined = ticketCategoryKey(text(t, 'hs_ticket_category'));
      const dealHubspotId = dealsByTicket.get(t.id)?.[0];
      if (!category || !dealHubspotId) return [];
      return [{ hubspotId: t.id, appRequestId: text(t, 'app_request_id'), category, pipelineStage: ticketStageKey(text(t, 'hs_pipeline_stage'), account.stages()), dealHubspotId, contactHubspotId: contactsByTicket.get(t.id)?.[0] ?? null, modifiedAt: modifiedAt('tickets', t), mergedHubspotIds: mergedIdsOf(t) }];
    }),
    applyOptions(deps),
  );
  into.tickets += applied.applied;
  into.notices += applied.notices;
  into.followed += applied.followed;
  into.conflicts.push(...applied.conflicts);
  return into;
}

/** Two of our rows that are now one HubSpot record: both are kept; someone has to look. */
export function logMergeConflicts(log: Logger, conflicts: readonly MergeConflict[]): void {
  for (const conflict of conflicts) log.warn(conflict, 'merged in HubSpot, but another mirror row holds the primary id: both rows kept');
}

/**
 * Pulls what changed in HubSpot since the stored cursors into the Postgres mirror that the
 * portal and the staff pages read: owners (archived ones too, as inactive), deals (stage,
 * scheduled date, amount, owner, contact), their invoices (also invoices changed on their
 * own), change/cancel tickets, the customers of those deals and tickets (name, e-mail, login
 * phone, address; contacts we hold follow their changes), and the customer page's context
 * (companies, contacts' lead status, lifecycle stage and company, notes, tasks, calls and
 * meetings). Each search starts `rereadMs` before its cursor (or before the last finished walk, when that is later), because
 * HubSpot's search index lags its writes: a change indexed late, with a timestamp older than one
 * already read, is still found. Runs on a schedule and on demand; safe to run twice or at once
 * (replays are skipped).
 */
export function crmPullJob(deps: PullDeps & { rereadMs?: number }) {
  const { db, hubspot, rereadMs = DEFAULT_REREAD_MS } = deps;

  /**
   * Every page changed since the cursor `name`; the cursor moves after each page is applied.
   * The search starts `rereadMs` before the later of the cursor and the start of the last walk
   * that finished: a change older than that walk's start minus the lag window was in the index
   * then, and was read (or the cursor would be past it). Without the second bound, every idle
   * pull after a burst would read the whole burst again until some later change moved the
   * cursor, a daily cost that grows with the burst (bench:sync's "after a burst").
   */
  async function eachChangedPage(name: string, type: ObjectType, properties: readonly string[], apply: (page: HubSpotRecord[]) => Promise<unknown>) {
    const startedAt = Date.now();
    const walkedName = `${name}.walked`;
    let cursor = modifiedMillis(await readCursor(db, name));
    const walkedAt = modifiedMillis(await readCursor(db, walkedName));
    const from = cursor === null ? null : Math.max(0, Math.max(cursor, walkedAt ?? 0) - rereadMs);
    let records = 0;
    for await (const page of hubspot.changedPages(type, from, properties)) {
      await apply(page);
      records += page.length;
      const newest = Math.max(...page.map((r) => modifiedAtOf(type, r) ?? 0));
      if (cursor === null || newest > cursor) {
        cursor = newest;
        await writeCursor(db, name, new Date(newest).toISOString());
      }
    }
    // Only a walk that reached its end bounds the next one.
    if (cursor !== null) await writeCursor(db, walkedName, new Date(startedAt).toISOString());
    return records;
  }

  return defineJob('crm.pull', async (_payload, { log }) => {
      await upsertOwners(db, await hubspot.listOwners());
      const mirrored = emptySummary();
      const deals = await eachChangedPage('hubspot.deals', 'deals', DEAL_PROPERTIES, (page) => mirrorDealRecords(deps, page, mirrored));
      await eachChangedPage('hubspot.invoices', 'invoices', INVOICE_PROPERTIES, (page) => mirrorInvoiceRecords(deps, page, mirrored));
      await eachChangedPage('hubspot.tickets', 'tickets', TICKET_PROPERTIES, (page) => mirrorTicketRecords(deps, page, mirrored));
      logMergeConflicts(log, mirrored.conflicts);
      // The customer page's context: who they are in HubSpot, their company, what staff logged.
      const context = { contacts: 0, companies: 0, activities: 0 };
      await eachChangedPage('hubspot.companies', 'companies', COMPANY_PROPERTIES, async (page) => {
        context.companies += await mirrorCompanies(db, page);
      });
      await eachChangedPage('hubspot.contacts', 'contacts', CONTACT_PROPERTIES, async (page) => {
        context.contacts += await mirrorChangedContacts(db, hubspot, page);
      });
      for (const source of ACTIVITY_SOURCES) {
        await eachChangedPage(`hubspot.${source.type}`, source.type, activityProperties(source), async (page) => {
          context.activities += await mirrorActivities(db, hubspot, source, page);
        });
      }
      const summary = { deals, ...mirrored, conflicts: mirrored.conflicts.length, context };
      // The pull runs every few seconds and re-reads its lag window each time (`deals` counts
      // records read, not changed): a pull that changed nothing logs at debug, not info.
      const changed = summary.created + summary.updated + summary.followed + summary.contacts + summary.invoices + summary.tickets + summary.notices + summary.conflicts;
      const contextChanged = context.contacts + context.companies + context.activities;
      log[changed + contextChanged > 0 ? 'info' : 'debug'](summary, 'pulled changes from HubSpot');
      await recordPullCompleted(db, new Date());
      return summary;
  });
}
