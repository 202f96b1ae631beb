import { isDeepStrictEqual } from 'node:util';
import type { Db } from '@app/db/client';
import { lastQuote } from '@app/db/quotes';
import { recordQuote } from '@app/api/modules/staff/deals/quote-repository';
import type { Logger } from '@app/runtime/logger';
import { STAGE } from '@app/shared/deal-stages';
import { checkQuote } from '@app/shared/deal-transitions';
import { quoteSchema, sentQuote, sentQuoteSchema, type QuoteInput, type SentQuote } from '@app/shared/quote';
import type { CrmAccount } from '@app/worker/crm/account/crm-account';
import type { HubSpotGateway } from '@app/worker/crm/hubspot-gateway';
import { crmApplyDealCommandJob, readDeal } from '@app/worker/jobs/crm-apply-deal-command';
import { mirrorDealRecords } from '@app/worker/jobs/crm-pull';
import { asTheWorkerWould } from './as-the-worker-would';
import type { HubSpotCrm } from './hubspot-crm';

/**
 * The demo's quote awaiting the customer's answer, made the way the office makes one: the deal
 * mirrored as the worker's pull would, the quote recorded by the api's own function (the checks
 * and the command of POST /api/internal/admin/deals/:id/quote), then applied by the worker's
 * own job (amount, stage, line items and note in HubSpot). Nothing here writes a quote's shape
 * by hand. The command's outbox event stays for the worker, which finds it settled.
 */

/** Where the seeder creates a quoted deal: the office quotes from here, and sends a deal back here to redo its quote. */
export const QUOTED_FROM = STAGE.CREATING_QUOTE;

export interface SeedQuoteDeps {
  db: Db;
  /** The worker's HubSpot client: the mirror and the job read and write through it. */
  hubspot: HubSpotGateway;
  account: CrmAccount;
  /** What a HubSpot user does: send a deal back to Creating Quote. */
  crm: HubSpotCrm;
  log: Logger;
}

/**
 * - 'kept': the deal already awaits the customer's answer to this quote (a restart changes nothing).
 * - 'sent': a new quote was sent (the first start, or the customer answered the last one).
 * - 'held': the api refused to record it (a command or an answer still on its way to HubSpot: the
 *   worker finishes that), or HubSpot's deal changed before the job applied it; the next start
 *   sends the quote.
 */
export type SeedQuoteOutcome = { kind: 'kept' | 'sent'; commandId: string } | { kind: 'held'; why: string };

export async function seedDemoQuote(deps: SeedQuoteDeps, dealHubspotId: string, quote: QuoteInput, staffEmail: string): Promise<SeedQuoteOutcome> {
  const sent = sentQuote(quoteSchema.parse(quote));
  let deal = await asTheWorkerWould(() => mirrorDeal(deps, dealHubspotId));
  const last = await lastQuote(deps.db, deal.id);
  if (last && !last.answer && deal.stageId === STAGE.AWAITING_QUOTE_APPROVAL && deal.amountCents === sent.totalCents && sameQuote(last.changes, sent)) {
    return { kind: 'kept', commandId: last.id };
  }
  // Answered (Invoice Payment Needed, Quote Canceled) or moved on by hand: someone in HubSpot
  // sends it back to be redone, so the office may quote it again.
  if (!checkQuote(deal.stageId, sent.totalCents).ok) {
    await deps.crm.updateDeal(dealHubspotId, { dealstage: deps.account.stages().dealStageId(QUOTED_FROM) });
    deal = await asTheWorkerWould(() => mirrorDeal(deps, dealHubspotId));
  }
  const outcome = await recordQuote(deps.db, deal.id, sent, { seenModifiedAt: deal.hubspotUpdatedAt?.toISOString() ?? null }, staffEmail);
  if (outcome.kind !== 'recorded') return { kind: 'held', why: outcome.kind === 'refused' ? outcome.refusal.message : outcome.kind };
  const { commandId } = outcome;
  const job = crmApplyDealCommandJob(deps);
  await asTheWorkerWould((attempt) => job.process({ commandId }, { log: deps.log, jobId: `demo-quote-${commandId}`, attempt }));
  const { status, error } = await deps.db.dealCommand.findUniqueOrThrow({ where: { id: commandId }, select: { status: true, error: true } });
  // Only someone changing the deal in HubSpot meanwhile ends it otherwise: said, not fatal to the start.
  if (status !== 'applied') return { kind: 'held', why: `the quote ended ${status}${error ? ` (${error})` : ''}` };
  return { kind: 'sent', commandId };
}

/** The deal read from HubSpot and mirrored as the pull would: the version the api's checks compare with. */
async function mirrorDeal(deps: SeedQuoteDeps, hubspotId: string) {
  const record = await readDeal(deps.hubspot, hubspotId);
  if (!record) throw new Error(`demo deal ${hubspotId} is not in HubSpot`);
  await mirrorDealRecords(deps, [record]);
  return deps.db.deal.findFirstOrThrow({ where: { hubspotId, archivedAt: null }, select: { id: true, stageId: true, amountCents: true, hubspotUpdatedAt: true } });
}

function sameQuote(changes: unknown, sent: SentQuote): boolean {
  const parsed = sentQuoteSchema.safeParse((changes as { quote?: unknown } | null)?.quote);
  return parsed.success && isDeepStrictEqual(parsed.data, sentQuoteSchema.parse(sent));
}
