import type { Db } from '@app/db/client';
import type { DealFacts } from '@app/shared/deal-commands';
import { STAGE } from '@app/shared/deal-stages';
import { SCHEDULE_WARNING_CODES } from '@app/shared/schedule';

/**
 * The staff actions bench:staff times (docs/staff-actions.md), each on a deal of its own: one
 * command at a time per deal is the rule, and an office does not act twice on one deal in a
 * minute. What deal each starts from, and the requests the staff page sends for it, are here
 * for both measurements: the api's answer (the mirror alone) and the way on to HubSpot.
 */

export const ACTION_KINDS = ['schedule', 'move', 'quote', 'close-out', 'answer'] as const;
export type ActionKind = (typeof ACTION_KINDS)[number];

/** The requests the actions send, as their figures are printed: a schedule is checked, then saved. */
export const ACTION_REQUESTS = ['schedule check', 'schedule', 'move', 'quote', 'close-out', 'request answer'] as const;
const REQUEST = Object.fromEntries(ACTION_REQUESTS.map((name, i) => [name, i])) as Record<(typeof ACTION_REQUESTS)[number], number>;

const DAY_MS = 86_400_000;
const HOUR_MS = 3_600_000;

/** 15:00 UTC (10 or 11 AM in Atlanta) `days` after `now`'s day. */
const dayAt = (now: Date, days: number) => new Date((Math.floor(now.getTime() / DAY_MS) + days) * DAY_MS + 15 * HOUR_MS);

/** The deal an action starts from: what the staff page offers that action on. */
export interface StartingDeal {
  stageId: string;
  scheduledAt: Date | null;
  amountCents: number;
  /** Whether a cleaner is on it already. */
  hasCleaner: boolean;
  /** Whether its customer asked for another day (an open reschedule request). */
  hasRequest: boolean;
}

/** The `n`th deal of a kind. */
export function startingDeal(kind: ActionKind, n: number, now: Date): StartingDeal {
  const deal = { scheduledAt: null, amountCents: 34_900, hasCleaner: false, hasRequest: false };
  switch (kind) {
    // Paid, to be given a date and a cleaner.
    case 'schedule':
      return { ...deal, stageId: STAGE.SCHEDULING_IN_PROGRESS };
    // A new request: on to the estimate call, or quoted straight away.
    case 'move':
    case 'quote':
      return { ...deal, stageId: STAGE.CLEAN_REQUESTED };
    // Today's cleaning, done (a few hours ago: at any hour of the day it is the day or after it).
    case 'close-out':
      return { ...deal, stageId: STAGE.CLEANING_SCHEDULED, scheduledAt: new Date(now.getTime() - 3 * HOUR_MS), hasCleaner: true };
    // A coming cleaning whose customer asked for another day.
    case 'answer':
      return { ...deal, stageId: STAGE.CLEANING_SCHEDULED, scheduledAt: dayAt(now, 3 + (n % 20)), hasCleaner: true, hasRequest: true };
  }
}

/** An action's deal as the mirror holds it: what the page shows and sends back. */
export interface ActionDeal {
  kind: ActionKind;
  n: number;
  id: string;
  /** Its open request, for an answer. */
  ticketId: string | null;
  /** Its version (hs_lastmodifieddate) as the page saw it. */
  version: string | null;
  seen: DealFacts;
}

/** The action deals (by HubSpot id: their kind and number) as the mirror holds them, in the order of `byHubspotId`. */
export async function readActionDeals(db: Db, byHubspotId: ReadonlyMap<string, { kind: ActionKind; n: number }>): Promise<ActionDeal[]> {
  const rows = await db.deal.findMany({
    where: { hubspotId: { in: [...byHubspotId.keys()] } },
    select: {
      id: true, hubspotId: true, hubspotUpdatedAt: true, stageId: true, scheduledAt: true, ownerId: true, amountCents: true, durationMinutes: true,
      tickets: { where: { archivedAt: null }, select: { id: true }, take: 1 },
    },
  });
  const byId = new Map(rows.map((r) => [r.hubspotId!, r]));
  return [...byHubspotId].flatMap(([hubspotId, { kind, n }]) => {
    const row = byId.get(hubspotId);
    if (!row) return [];
    const seen: DealFacts = { stageId: row.stageId, scheduledAt: row.scheduledAt?.toISOString() ?? null, ownerId: row.ownerId, amountCents: row.amountCents, durationMinutes: row.durationMinutes };
    return [{ kind, n, id: row.id, ticketId: row.tickets[0]?.id ?? null, version: row.hubspotUpdatedAt?.toISOString() ?? null, seen }];
  });
}

export interface ActionRequest {
  /** Index in ACTION_REQUESTS. */
  request: number;
  path: string;
  body: Record<string, unknown>;
  expected: number;
}

/** What the staff page sends for the action on `deal`, in order; the last one records the command. */
export function actionRequests(deal: ActionDeal, cleanerIds: readonly string[], now: Date): ActionRequest[] {
  const seen = { seenModifiedAt: deal.version, seen: deal.seen };
  const path = `/api/internal/admin/deals/${deal.id}`;
  switch (deal.kind) {
    case 'schedule': {
      const plan = { scheduledAt: dayAt(now, 2 + (deal.n % 28)).toISOString(), durationMinutes: 150, ownerId: cleanerIds[deal.n % cleanerIds.length], ...seen };
      return [
        { request: REQUEST['schedule check'], path: `${path}/schedule/check`, body: plan, expected: 200 },
        // The office saves past what the check warned of (a busy cleaner, another day than asked): the
        // api weighs every warning all the same.
        { request: REQUEST.schedule, path: `${path}/schedule`, body: { ...plan, acceptWarnings: [...SCHEDULE_WARNING_CODES] }, expected: 202 },
      ];
    }
    case 'move':
      return [{ request: REQUEST.move, path: `${path}/moves`, body: { stageId: STAGE.PENDING_ESTIMATE_CALL, ...seen }, expected: 202 }];
    case 'quote':
      return [{ request: REQUEST.quote, path: `${path}/quote`, body: { serviceType: 'Deep Clean', squareFootage: 1500, addOns: ['addon-oven'], firstBookingDiscount: true, ...seen }, expected: 202 }];
    case 'close-out':
      return [{ request: REQUEST['close-out'], path: `${path}/close-out`, body: { outcome: 'done', ...seen }, expected: 202 }];
    case 'answer': {
      const nextDay = new Date(Date.parse(deal.seen.scheduledAt ?? now.toISOString()) + DAY_MS).toISOString();
      return [{ request: REQUEST['request answer'], path: `/api/internal/admin/requests/${deal.ticketId}/answer`, body: { answer: 'approve', scheduledAt: nextDay, ...seen }, expected: 202 }];
    }
  }
}
