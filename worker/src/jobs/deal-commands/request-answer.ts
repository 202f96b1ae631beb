import type { Db } from '@app/db/client';
import { CRM_TICKET_STAGES } from '@app/shared/crm-schema';
import { answerSummary, changedFacts, type DealFacts } from '@app/shared/deal-commands';
import { formatEastern } from '@app/shared/eastern-time';
import { requestAnswerChangesSchema, type RequestAnswerChanges } from '@app/shared/request-answers';
import { TICKET_CATEGORY_NOUNS } from '@app/shared/tickets';
import type { TicketCategory } from '@app/db/generated/client';
import type { Logger } from '@app/runtime/logger';
import type { CrmAccount } from '../../crm/account/crm-account';
import type { StageMap } from '../../crm/account/stage-map';
import { ownerIds, saveCommandNote, settleCommand, type CommandToApply } from '../../crm/deal-command-repository';
import type { HubSpotGateway, HubSpotRecord } from '../../crm/hubspot-gateway';
import { isClosedTicketStage, type NoticePolicy } from '../../crm/notice-rules';
import { conflictOf, factsOf, readDeal } from '../crm-apply-deal-command';
import { mirrorDealRecords, mirrorTicketRecords, TICKET_PROPERTIES } from '../crm-pull';

interface AnswerDeps {
  db: Db;
  hubspot: HubSpotGateway;
  account: CrmAccount;
  notices?: NoticePolicy;
}

type Ticket = { id: string; hubspotId: string | null; category: TicketCategory };

const STAGE_LABELS = new Map(CRM_TICKET_STAGES.map((s) => [s.key, s.label]));

/**
 * Applies the office's answer to a change or cancel request or a re-clean claim
 * (docs/staff-actions.md): the deal takes what the answer sets (a new date, Canceled; nothing
 * for a claim), then the ticket goes to Request Completed or Request Declined. Refused, as a move is, when HubSpot changed what the staff member saw
 * of the deal (conflict), and when the ticket was closed in HubSpot meanwhile (failed, saying
 * how). A retry after either update went through finds it done and updates nothing twice. The
 * deal and the ticket are read back and mirrored as a pull would: the portal, the board and the
 * customer's texts (moved, request answered) follow from the usual rules. A declined request's
 * reason, and an approved claim's note, are kept on the ticket for the portal. Once applied, a note on the deal records it.
 */
export async function applyRequestAnswer(deps: AnswerDeps, command: CommandToApply, dealHubspotId: string, at: () => Date, log: Logger) {
  const changes = requestAnswerChangesSchema.parse(command.changes);
  const ticket = await deps.db.ticket.findUnique({ where: { id: changes.ticketId }, select: { id: true, hubspotId: true, category: true } });
  if (!ticket) {
    await settleCommand(deps.db, command.id, { status: 'failed', error: 'The request is no longer in HubSpot.' }, at());
    return { outcome: 'request-missing' as const };
  }
  if (!ticket.hubspotId) throw new Error(`ticket ${ticket.id} is not in HubSpot yet`);

  if (command.status === 'pending') {
    const settled = await answerInHubSpot(deps, command, changes, { ...ticket, hubspotId: ticket.hubspotId }, dealHubspotId, at, log);
    if (settled) return settled;
  } else {
    // Applied before notes came first: its note is still due.
    await saveCommandNote(deps.db, command.id, await deps.hubspot.noteOnDeal(dealHubspotId, answerNote(command, changes, ticket), command.createdAt));
  }
  log.info({ dealHubspotId, ticketHubspotId: ticket.hubspotId, answer: changes.answer }, 'request answered in HubSpot');
  return { outcome: 'applied' as const };
}

/** Updates what still needs it and settles the command; returns the outcome when it ends otherwise than applied. */
async function answerInHubSpot(deps: AnswerDeps, command: CommandToApply, changes: RequestAnswerChanges, ticket: Ticket & { hubspotId: string }, dealHubspotId: string, at: () => Date, log: Logger) {
  const { db, hubspot } = deps;
  const stages = deps.account.stages();
  const deal = await readDeal(hubspot, dealHubspotId);
  if (!deal) throw new Error(`deal ${dealHubspotId} was not found in HubSpot`);
  const remoteTicket = await readTicket(hubspot, ticket.hubspotId);
  if (!remoteTicket) {
    await settleCommand(db, command.id, { status: 'failed', error: 'The request was deleted in HubSpot.' }, at());
    return { outcome: 'request-missing' as const };
  }
  const facts = factsOf(deal, stages, await ownerIds(db));
  const dealChanges = dealChangesOf(changes);
  const dealHolds = changedFacts(facts, { ...facts, ...dealChanges }).length === 0;
  const ticketStage = stages.ticketStageKey(remoteTicket.properties.hs_pipeline_stage ?? '');

  if (isClosedTicketStage(ticketStage)) {
    // Closed as this answer closes it, with the deal as it sets it: a retry after both went through.
    if (ticketStage !== changes.ticketStage || !dealHolds) {
      await mirror(deps, deal, remoteTicket);
      const error = `The request was already closed in HubSpot (${STAGE_LABELS.get(ticketStage) ?? ticketStage}).`;
      await settleCommand(db, command.id, { status: 'failed', error }, at());
      log.info({ dealHubspotId, ticketStage }, 'request answer refused: the ticket was closed in HubSpot');
      return { outcome: 'request-closed' as const, error };
    }
  } else {
    // A deal already holding what the answer sets is a retry after its update went through.
    if (Object.keys(dealChanges).length === 0 || !dealHolds) {
      const conflict = conflictOf(command, deal, facts);
      if (conflict.length > 0) {
        await mirror(deps, deal, remoteTicket);
        await settleCommand(db, command.id, { status: 'conflict', conflict }, at());
        log.info({ dealHubspotId, fields: conflict.map((c) => c.field) }, 'request answer refused: HubSpot changed the deal since');
        return { outcome: 'conflict' as const, conflict };
      }
    }
    if (!dealHolds) await hubspot.updateObject('deals', dealHubspotId, dealPropertiesOf(dealChanges, stages));
  }

  // The office's words are on the ticket before its closed stage is mirrored: the portal and the text see both at once.
  const words = customerWords(changes, ticket, command.reason);
  if (words) await db.ticket.update({ where: { id: ticket.id }, data: words });
  if (ticketStage !== changes.ticketStage) await hubspot.updateObject('tickets', ticket.hubspotId, { hs_pipeline_stage: stages.ticketStageId(changes.ticketStage) });

  // The note before the read-back: associating it changes the deal's version, which the mirror must then hold.
  if (command.noteHubspotId === null) await saveCommandNote(db, command.id, await hubspot.noteOnDeal(dealHubspotId, answerNote(command, changes, ticket), command.createdAt));
  const [dealNow, ticketNow] = await Promise.all([readDeal(hubspot, dealHubspotId), readTicket(hubspot, ticket.hubspotId)]);
  await mirror(deps, dealNow, ticketNow);
  await settleCommand(db, command.id, { status: 'applied' }, at());
  return null;
}

async function readTicket(hubspot: HubSpotGateway, id: string): Promise<HubSpotRecord | null> {
  const [record] = await hubspot.readBatch('tickets', [id], TICKET_PROPERTIES);
  return record ?? null;
}

/** HubSpot's deal and ticket into the mirror, as a pull takes them. */
async function mirror(deps: AnswerDeps, deal: HubSpotRecord | null, ticket: HubSpotRecord | null): Promise<void> {
  if (deal) await mirrorDealRecords(deps, [deal]);
  if (ticket) await mirrorTicketRecords(deps, [ticket]);
}

/** What the customer reads with the answer: a decline's reason, or an approved claim's note (when the office comes back). */
function customerWords(changes: RequestAnswerChanges, ticket: Pick<Ticket, 'category'>, reason: string | null) {
  if (changes.answer === 'decline') return { declineReason: reason };
  if (ticket.category === 'RecleanClaim') return { approvalNote: reason };
  return null;
}

/** What the answer sets on the deal: Canceled for a cancellation, the new start for a reschedule. */
function dealChangesOf(changes: RequestAnswerChanges): Partial<DealFacts> {
  return {
    ...(changes.stageId !== undefined && { stageId: changes.stageId }),
    ...(changes.scheduledAt !== undefined && { scheduledAt: changes.scheduledAt }),
  };
}

function dealPropertiesOf(changes: Partial<DealFacts>, stages: StageMap): Record<string, string> {
  return {
    ...(changes.stageId !== undefined && { dealstage: stages.dealStageId(changes.stageId) }),
    ...(changes.scheduledAt && { scheduled_date: changes.scheduledAt }),
  };
}

/** The deal's record of the answer: what, by whom, when (Eastern Time), and the reason when given. */
export function answerNote(command: Pick<CommandToApply, 'staffEmail' | 'createdAt' | 'reason'>, changes: RequestAnswerChanges, ticket: Pick<Ticket, 'category'>): string {
  const outcome = answerSummary(changes, TICKET_CATEGORY_NOUNS[ticket.category]);
  const why = command.reason ? ` Reason: ${command.reason}` : '';
  return `${outcome} by ${command.staffEmail} in the staff workspace on ${formatEastern(command.createdAt)}.${why}`;
}
