import type { Db, Prisma } from '@app/db/client';
import { CODE_NOT_ASSIGNED, CODE_NOT_FOUND, CODE_NOT_TODAY, type CleanerCode, type CleanerHome, type RemovedCleaning } from '@app/shared/cleaner-home';
import { STAGE } from '@app/shared/deal-stages';
import { easternToday } from '@app/shared/eastern-time';
import type { HomeSecretKind } from '@app/shared/home-profile';
import { AppError, errors } from '../../errors';
import type { CleanerIdentity } from '../../middleware/session';
import { revealForCleaner, type CleanerRevealRefusal } from '../home-profile/cleaner-reveal';
import type { ModuleDeps } from '../registry';

/**
 * My day's part of the home profile (docs/home-profile.md) and of the office's changes
 * (docs/api.md, cleaner's api): the plain fields and each code's name come with the day's
 * cleanings, read in the same query; a code's value only through revealCode, one at a time, on
 * the day, recorded. Where a cleaning the page showed went is told from the deal mirror.
 */

/** What the day's query reads of the customer's home: plain fields, and the codes by name (never a sealed value). */
export const homeContactSelect = {
  homeProfile: { select: { accessInstructions: true, parking: true, pets: true, careNotes: true } },
  homeSecrets: { select: { id: true, label: true, kind: true }, orderBy: [{ createdAt: 'asc' }, { id: 'asc' }] },
} as const satisfies Prisma.ContactSelect;

interface HomeRow {
  homeProfile: CleanerHome | null;
  homeSecrets: Array<{ id: string; label: string; kind: string }>;
}

/** The stages on the day's list, and the canceled ones listed apart with their reason. */
export const LISTED_STAGES: readonly string[] = [STAGE.CLEANING_SCHEDULED, STAGE.CLEANING_DONE];
export const DAY_QUERY_STAGES: readonly string[] = [...LISTED_STAGES, STAGE.CANCELED];

/** The home of a cleaning: its plain fields, its codes by name, and whether they open today. */
export function homeOf(
  contact: HomeRow | null,
  cleaning: { stageId: string; scheduledAt: Date },
  now: Date,
): { home: CleanerHome | null; codes: CleanerCode[]; codesToday: boolean } {
  const profile = contact?.homeProfile ?? null;
  const written = profile && Object.values(profile).some((value) => value !== null);
  return {
    home: written ? { accessInstructions: profile.accessInstructions, parking: profile.parking, pets: profile.pets, careNotes: profile.careNotes } : null,
    codes: (contact?.homeSecrets ?? []).map((s) => ({ id: s.id, label: s.label, kind: s.kind as HomeSecretKind })),
    // The rule of cleaner-reveal.ts, for the page to say so before anyone asks.
    codesToday: cleaning.stageId === STAGE.CLEANING_SCHEDULED && easternToday(cleaning.scheduledAt) === easternToday(now),
  };
}

/**
 * Where the cleanings the page last showed on this day went, for those no longer on it: one
 * query by id, only when some are missing. Still the cleaner's on another day: moved (with the
 * new time, which the other day's list shows); another cleaner's or nobody's: reassigned (no
 * more than that); deleted in HubSpot or no longer a visit: removed. A canceled one of theirs is
 * listed with the day already. An id the cleaner never had tells nothing they did not know: an
 * unknown id and another cleaner's cleaning are both just "reassigned" or absent.
 */
export async function whereTheyWent(db: Db, ownerId: string, missing: readonly string[]): Promise<RemovedCleaning[]> {
  if (missing.length === 0) return [];
  const rows = await db.deal.findMany({
    where: { id: { in: [...missing] } },
    select: { id: true, ownerId: true, stageId: true, scheduledAt: true, archivedAt: true },
  });
  return rows.flatMap((row): RemovedCleaning[] => {
    if (row.ownerId !== ownerId) return [{ id: row.id, reason: 'reassigned', scheduledAt: null, customerFirstName: null }];
    // Canceled on its own day is listed with that day; canceled and moved too: still canceled.
    if (row.stageId === STAGE.CANCELED) return [{ id: row.id, reason: 'canceled', scheduledAt: row.scheduledAt?.toISOString() ?? null, customerFirstName: null }];
    if (row.archivedAt || !row.scheduledAt || !LISTED_STAGES.includes(row.stageId)) return [{ id: row.id, reason: 'removed', scheduledAt: null, customerFirstName: null }];
    return [{ id: row.id, reason: 'moved', scheduledAt: row.scheduledAt.toISOString(), customerFirstName: null }];
  });
}

const REFUSALS: Record<CleanerRevealRefusal, () => AppError> = {
  not_assigned: () => new AppError(403, 'not_assigned', CODE_NOT_ASSIGNED),
  not_today: () => new AppError(409, 'not_today', CODE_NOT_TODAY),
  not_found: () => errors.notFound(CODE_NOT_FOUND),
};

/**
 * POST /api/cleaner/deals/:dealId/codes/:secretId/reveal: the value, recorded first
 * (revealForCleaner). The value is in this answer only: never logged, never cached.
 */
export async function revealCode(
  deps: Pick<ModuleDeps, 'db' | 'homeSecrets' | 'now'>,
  cleaner: CleanerIdentity,
  dealId: string,
  secretId: string,
): Promise<{ value: string; label: string; kind: HomeSecretKind }> {
  const result = await revealForCleaner(deps, { dealId, secretId, cleanerOwnerId: cleaner.ownerId, cleanerEmail: cleaner.email, now: deps.now() });
  if (!result.ok) throw REFUSALS[result.refusal]();
  return { value: result.value, label: result.label, kind: result.kind };
}
