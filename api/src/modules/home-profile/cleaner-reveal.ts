import { STAGE } from '@app/shared/deal-stages';
import { easternToday } from '@app/shared/eastern-time';
import type { HomeSecretKind } from '@app/shared/home-profile';
import type { ModuleDeps } from '../registry';
import { findRevealDeal, findSealedSecret, recordView } from './repository';
import { open } from './sealing';
import { isSecretId } from './service';

/**
 * The cleaner's reveal of an entry secret on the day (docs/home-profile.md), for the cleaner's
 * day page to call. Allowed only when all of these hold:
 * - the secret belongs to the cleaning's customer (else `not_found`, like a secret or cleaning
 *   that does not exist, so ids of other homes tell nothing);
 * - the cleaning's assigned owner in the deal mirror is this cleaner, by owner id (the cleaner
 *   session's), and that owner is active (else `not_assigned`);
 * - the cleaning is at Cleaning Scheduled (the pipeline's stage while it is on and under way;
 *   done or canceled cleanings open no door) and `now` falls on its day in Eastern Time (else
 *   `not_today`).
 * Every success is recorded (who, when, for which cleaning) before the value is returned.
 */

/** Stages in which the cleaning is on: scheduled, and under way on its day (the pipeline has no stage of its own for that). */
const REVEALABLE_STAGES: ReadonlySet<string> = new Set([STAGE.CLEANING_SCHEDULED]);

export type CleanerRevealRefusal = 'not_assigned' | 'not_today' | 'not_found';

export type CleanerRevealResult =
  | { ok: true; value: string; label: string; kind: HomeSecretKind }
  | { ok: false; refusal: CleanerRevealRefusal };

export interface CleanerRevealInput {
  dealId: string;
  secretId: string;
  /** The signed-in cleaner's owner id (Owner.id, as the cleaner's session holds it). */
  cleanerOwnerId: string;
  cleanerEmail: string;
  now: Date;
}

export async function revealForCleaner(deps: Pick<ModuleDeps, 'db' | 'homeSecrets'>, input: CleanerRevealInput): Promise<CleanerRevealResult> {
  const refuse = (refusal: CleanerRevealRefusal): CleanerRevealResult => ({ ok: false, refusal });
  if (!isSecretId(input.secretId)) return refuse('not_found');
  const deal = await findRevealDeal(deps.db, input.dealId);
  if (!deal || deal.archivedAt || !deal.contactId) return refuse('not_found');
  const secret = await findSealedSecret(deps.db, deal.contactId, input.secretId);
  if (!secret) return refuse('not_found');
  if (!deal.owner || !deal.owner.active || deal.owner.id !== input.cleanerOwnerId) return refuse('not_assigned');
  if (!REVEALABLE_STAGES.has(deal.stageId) || !deal.scheduledAt || easternToday(deal.scheduledAt) !== easternToday(input.now)) return refuse('not_today');

  const value = open(deps.homeSecrets, secret, { contactId: secret.contactId, secretId: secret.id });
  await recordView(deps.db, {
    secretId: secret.id,
    contactId: secret.contactId,
    secretLabel: secret.label,
    viewerEmail: input.cleanerEmail.toLowerCase(),
    viewerRole: 'cleaner',
    viewerName: deal.owner.firstName,
    reason: null,
    dealId: deal.id,
    at: input.now,
  });
  return { ok: true, value, label: secret.label, kind: secret.kind };
}
