import type { Db } from '@app/db/client';
import { personName } from '@app/shared/customer-context';
import { changedFacts, isStageCommandKind, type DealFacts, type FactChange, type StageCommandKind } from '@app/shared/deal-commands';
import { dollarsToCents } from '@app/shared/invoice';
import type { CrmAccount } from '../crm/account/crm-account';
import type { StageMap } from '../crm/account/stage-map';
import { dollars } from '../crm/booking-deal-properties';
import { loadCommand, ownerIds, saveCommandNote, settleCommand, type CommandToApply } from '../crm/deal-command-repository';
import type { HubSpotGateway, HubSpotRecord, Properties } from '../crm/hubspot-gateway';
import { modifiedAtOf, modifiedMillis } from '../crm/modified-date';
import { DEFAULT_NOTICE_POLICY, type NoticePolicy } from '../crm/notice-rules';
import { DEAL_PROPERTIES, durationOf, mirrorDealRecords } from './crm-pull';
import { commandNote } from './deal-commands/command-note';
import { commandKindOf } from './deal-commands/kinds';
import { applyRequestAnswer } from './deal-commands/request-answer';
import { defineJob } from './job';

interface ApplyDeps {
  db: Db;
  hubspot: HubSpotGateway;
  account: CrmAccount;
  notices?: NoticePolicy;
  now?: () => Date;
}

type Owners = Awaited<ReturnType<typeof ownerIds>>;

/**
 * Applies a staff command to its HubSpot deal (docs/staff-actions.md), only if HubSpot has not
 * changed what the staff member saw: when the deal's hs_lastmodifieddate is newer than theirs
 * and one of the fields they saw differs now, the command ends in conflict with what changed,
 * and the mirror takes HubSpot's version so the page shows it. A deal that already holds what
 * the command sets (a retry after the update went through) counts as applied. Once applied,
 * the deal is read back and mirrored as a pull would (the customer's confirmation or move text
 * follows from the usual rules), and a note on the deal says who did what and when. Waits
 * (retries) while the deal is not in HubSpot yet. A kind with more to do than a move (a quote's
 * line items, and its e-mail once applied) adds it through deal-commands/kinds.ts.
 */
export function crmApplyDealCommandJob(deps: ApplyDeps) {
  const now = deps.now ?? (() => new Date());
  return defineJob('crm.apply-deal-command', async ({ commandId }, { log }) => {
    const command = await loadCommand(deps.db, commandId);
    if (!command) return { outcome: 'missing' as const };
    const noteDue = command.status === 'applied' && command.noteHubspotId === null;
    if (command.status !== 'pending' && !noteDue) return { outcome: 'settled' as const };
    if (command.deal.archivedAt) {
      await settleCommand(deps.db, commandId, { status: 'failed', error: 'The deal was deleted in HubSpot.' }, now());
      return { outcome: 'deal-archived' as const };
    }
    const dealHubspotId = command.deal.hubspotId;
    if (!dealHubspotId) throw new Error(`deal ${command.deal.id} is not in HubSpot yet`);
    if (command.kind === 'request-answer') return applyRequestAnswer(deps, command, dealHubspotId, now, log);
    const kind = commandKindOf(command);
    if (!kind && !isStageCommandKind(command.kind)) throw new Error(`no way to apply a ${command.kind} command`);
    const stages = deps.account.stages();
    const owners = await ownerIds(deps.db);

    if (command.status === 'pending') {
      const current = await readDeal(deps.hubspot, dealHubspotId);
      if (!current) throw new Error(`deal ${dealHubspotId} was not found in HubSpot`);
      const facts = factsOf(current, stages, owners);
      if (!holds(facts, command.changes)) {
        const conflict = conflictOf(command, current, facts);
        if (conflict.length > 0) {
          await mirrorDealRecords(deps, [current]);
          await settleCommand(deps.db, commandId, { status: 'conflict', conflict }, now());
          log.info({ dealHubspotId, fields: conflict.map((c) => c.field) }, 'staff command refused: HubSpot changed the deal since');
          return { outcome: 'conflict' as const, conflict };
        }
      }
      await kind?.apply?.(deps, command, dealHubspotId);
      // A kind's own properties are not among the watched fields: written whenever it has some.
      if (!holds(facts, command.changes) || kind?.properties) {
        await deps.hubspot.updateObject('deals', dealHubspotId, { ...propertiesOf(command.changes, stages, owners), ...kind?.properties?.(command) });
      }
      // The note before the read-back: associating it changes the deal's version, and the page
      // must hold that version, or the office's next action would read as someone else's change.
      if (command.noteHubspotId === null) await saveCommandNote(deps.db, commandId, await noteOf(deps, command, kind, dealHubspotId));
      const updated = await readDeal(deps.hubspot, dealHubspotId);
      if (updated) await mirrorDealRecords(deps, [updated]);
      const context = { policy: deps.notices ?? DEFAULT_NOTICE_POLICY, now: now() };
      await settleCommand(deps.db, commandId, { status: 'applied' }, context.now, kind?.applied && ((tx) => kind.applied!(tx, command, context)));
    } else {
      // Applied before notes came first: its note is still due.
      await saveCommandNote(deps.db, commandId, await noteOf(deps, command, kind, dealHubspotId));
    }
    log.info({ dealHubspotId, stage: command.changes.stageId }, 'staff command applied in HubSpot');
    return { outcome: 'applied' as const };
  });
}

/** Writes the command's note on the HubSpot deal: a move, a schedule or a close-out (checked by the job) unless the kind has a note of its own. */
async function noteOf(deps: ApplyDeps, command: CommandToApply, kind: ReturnType<typeof commandKindOf>, dealHubspotId: string): Promise<string> {
  const names = await ownerNames(deps.db, command.changes.ownerId);
  const note = kind ? kind.note(command, names) : commandNote({ ...command, kind: command.kind as StageCommandKind }, names);
  return deps.hubspot.noteOnDeal(dealHubspotId, note, command.createdAt);
}

export async function readDeal(hubspot: HubSpotGateway, id: string): Promise<HubSpotRecord | null> {
  const [record] = await hubspot.readBatch('deals', [id], DEAL_PROPERTIES);
  return record ?? null;
}

/** The watched fields of a HubSpot deal, in our terms (product stage key, our owner id). */
export function factsOf(record: HubSpotRecord, stages: StageMap, owners: Owners): DealFacts {
  const scheduled = modifiedMillis(record.properties.scheduled_date);
  const ownerHubspotId = record.properties.hubspot_owner_id || null;
  return {
    stageId: stages.dealStageKey(record.properties.dealstage ?? ''),
    scheduledAt: scheduled === null ? null : new Date(scheduled).toISOString(),
    durationMinutes: durationOf(record.properties.duration_minutes ?? null),
    ownerId: ownerHubspotId ? (owners.fromHubspot.get(ownerHubspotId) ?? `hubspot:${ownerHubspotId}`) : null,
    amountCents: dollarsToCents(record.properties.amount ?? null),
  };
}

/** Whether the deal already holds everything the command sets. */
function holds(facts: DealFacts, changes: CommandToApply['changes']): boolean {
  const wanted = { ...facts, ...changes };
  return changedFacts(facts, wanted).length === 0;
}

/** What HubSpot changed since the staff member looked; nothing when the deal's version is not newer. */
export function conflictOf(command: CommandToApply, record: HubSpotRecord, facts: DealFacts): FactChange[] {
  const modified = modifiedAtOf('deals', record);
  const newer = command.seenModifiedAt === null || modified === null || modified > command.seenModifiedAt.getTime();
  return newer ? changedFacts(command.seen, facts) : [];
}

function propertiesOf(changes: CommandToApply['changes'], stages: StageMap, owners: Owners): Properties {
  const properties: Properties = { dealstage: stages.dealStageId(changes.stageId) };
  if (changes.scheduledAt !== undefined) properties.scheduled_date = changes.scheduledAt ?? '';
  if (changes.ownerId !== undefined) properties.hubspot_owner_id = changes.ownerId ? (owners.toHubspot.get(changes.ownerId) ?? '') : '';
  if (changes.amountCents !== undefined) properties.amount = dollars(changes.amountCents);
  if (changes.durationMinutes !== undefined) properties.duration_minutes = changes.durationMinutes === null ? '' : String(changes.durationMinutes);
  if (changes.outcome !== undefined) properties.visit_outcome = changes.outcome;
  return properties;
}

async function ownerNames(db: Db, ownerId: string | null | undefined): Promise<string | null> {
  if (!ownerId) return null;
  return personName(await db.owner.findUnique({ where: { id: ownerId }, select: { firstName: true, lastName: true, email: true } }));
}

export { commandNote } from './deal-commands/command-note';
