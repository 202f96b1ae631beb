import type { Prisma} from '@app/db/client';
import { type Db } from '@app/db/client';
import { personName } from '@app/shared/customer-context';
import { STAGE } from '@app/shared/deal-stages';
import {
  defaultDurationMinutes,
  NOT_SCHEDULABLE,
  SCHEDULABLE_STAGES,
  scheduleWarnings,
  unaccepted,
  WARNINGS_NOT_ACCEPTED,
  type BusyCleaning,
  type ScheduleInput,
  type ScheduleWarning,
} from '@app/shared/schedule';
import { cleaningType } from '../common/cleaning-type';
import { commandDealSelect, ownerRefusal, recordDealCommand, type CommandDeal, type CommandDraft, type CommandOutcome } from '../common/command-repository';

type Reader = Db | Prisma.TransactionClient;

const DAY_MS = 86_400_000;

/** The plan a schedule request makes: start, duration, cleaner. */
type Plan = Pick<ScheduleInput, 'scheduledAt' | 'durationMinutes' | 'ownerId'>;

/**
 * Records scheduling a cleaning as a 'schedule' command: from Scheduling In Progress (the
 * table's move to Cleaning Scheduled) or a scheduled cleaning's new date, time, duration or
 * cleaner. Warnings the request did not accept refuse it (409 schedule_warnings).
 */
export function recordSchedule(db: Db, dealId: string, input: ScheduleInput, staffEmail: string): Promise<CommandOutcome> {
  return recordDealCommand(
    db,
    dealId,
    {
      kind: 'schedule',
      seenModifiedAt: input.seenModifiedAt,
      seen: input.seen,
      decide: scheduleDecision(input),
    },
    staffEmail,
  );
}

/**
 * The 'schedule' command's own checks and what it sets: a schedulable stage, a cleaner on the
 * roster, every warning accepted. Also the office's booking for a customer (customers/booking-repository.ts).
 */
export function scheduleDecision(input: Plan & Pick<ScheduleInput, 'acceptWarnings'>): CommandDraft['decide'] {
  return async (tx, deal) => {
    if (!SCHEDULABLE_STAGES.has(deal.stageId)) return { status: 409, code: 'move_not_allowed', field: 'stageId', message: NOT_SCHEDULABLE };
    const refusal = await ownerRefusal(tx, input.ownerId);
    if (refusal) return refusal;
    const open = unaccepted(await warningsFor(tx, deal, input), input.acceptWarnings);
    if (open.length > 0) {
      return { status: 409, code: 'schedule_warnings', field: 'acceptWarnings', message: `${WARNINGS_NOT_ACCEPTED} ${open.map((w) => w.message).join(' ')}` };
    }
    const scheduledAt = new Date(input.scheduledAt).toISOString();
    return { changes: { stageId: STAGE.CLEANING_SCHEDULED, scheduledAt, ownerId: input.ownerId, durationMinutes: input.durationMinutes } };
  };
}

/** POST /deals/:id/schedule/check: the warnings of a plan, before it is saved; null for a deal we do not hold. */
export async function checkSchedule(db: Db, dealId: string, plan: Plan): Promise<ScheduleWarning[] | null> {
  const deal = await db.deal.findFirst({ where: { id: dealId, archivedAt: null }, select: commandDealSelect });
  return deal ? warningsFor(db, deal, plan) : null;
}

/**
 * What stands out in a plan: the cleaner's other cleanings that day (scheduled in the mirror,
 * or on their way to HubSpot as a command), working hours, and the day the customer asked for.
 */
export async function warningsFor(db: Reader, deal: Pick<CommandDeal, 'id' | 'preferredDate' | 'timeOfDay'>, plan: Plan): Promise<ScheduleWarning[]> {
  const start = new Date(plan.scheduledAt);
  const owner = await db.owner.findUnique({ where: { id: plan.ownerId }, select: { firstName: true, lastName: true, email: true } });
  return scheduleWarnings({
    start,
    durationMinutes: plan.durationMinutes,
    cleanerName: personName(owner) || 'This cleaner',
    others: await cleanerDay(db, deal.id, plan.ownerId, start),
    askedDate: deal.preferredDate ? deal.preferredDate.toISOString().slice(0, 10) : null,
    askedTimeOfDay: deal.timeOfDay,
    preferredCleaner: await otherPreferredCleaner(db, deal.id, plan.ownerId),
  });
}

/** A recurring plan's visit given to another cleaner than its plan's: the plan's cleaner's name; else null. */
async function otherPreferredCleaner(db: Reader, dealId: string, ownerId: string): Promise<string | null> {
  if (!dealId) return null;
  const visit = await db.deal.findUnique({ where: { id: dealId }, select: { plan: { select: { ownerId: true, owner: { select: { firstName: true, lastName: true, email: true } } } } } });
  const preferred = visit?.plan;
  if (!preferred?.ownerId || preferred.ownerId === ownerId) return null;
  return personName(preferred.owner) || 'another cleaner';
}

async function cleanerDay(db: Reader, dealId: string, ownerId: string, start: Date): Promise<BusyCleaning[]> {
  const window = { gte: new Date(start.getTime() - DAY_MS), lte: new Date(start.getTime() + DAY_MS) };
  const scheduled = await db.deal.findMany({
    where: { ownerId, stageId: STAGE.CLEANING_SCHEDULED, archivedAt: null, id: { not: dealId }, scheduledAt: window },
    select: { name: true, serviceType: true, scheduledAt: true, durationMinutes: true },
  });
  const pending = await db.dealCommand.findMany({
    where: { status: 'pending', dealId: { not: dealId }, changes: { path: ['ownerId'], equals: ownerId } },
    select: { changes: true, deal: { select: { name: true, serviceType: true } } },
  });
  const busy: BusyCleaning[] = scheduled.map((d) => ({
    title: d.name ?? cleaningType(d.serviceType),
    start: d.scheduledAt!,
    durationMinutes: d.durationMinutes ?? defaultDurationMinutes(d.serviceType),
  }));
  for (const command of pending) {
    const changes = command.changes as { scheduledAt?: string; durationMinutes?: number; stageId?: string };
    if (!changes.scheduledAt || changes.stageId !== STAGE.CLEANING_SCHEDULED) continue;
    busy.push({
      title: command.deal.name ?? cleaningType(command.deal.serviceType),
      start: new Date(changes.scheduledAt),
      durationMinutes: changes.durationMinutes ?? defaultDurationMinutes(command.deal.serviceType),
    });
  }
  return busy;
}
