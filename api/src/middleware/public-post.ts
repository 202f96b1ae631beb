import type { Middleware } from 'koa';
import type { Db } from '@app/db/client';
import { idempotency } from './idempotency';
import { type RateLimitSettings, rateLimit } from './rate-limit';

/** Guards of the public form POSTs (booking, contact ticket, notify-me signup). */
export interface PublicPostSettings {
  rateLimit: RateLimitSettings;
  /** How long an Idempotency-Key and its answer are kept. */
  idempotencyTtlMs: number;
}

/**
 * The chain in front of a public POST handler: the per-address rate limit first (so replays
 * count too and a flood never reaches the database), then the Idempotency-Key.
 * Each call has its own counters: one call per route family.
 */
export function publicPostGuards(
  db: Db,
  settings: PublicPostSettings,
  scope: string,
): { rateLimit: Middleware; idempotency: Middleware } {
  return { rateLimit: rateLimit(settings.rateLimit), idempotency: idempotency({ db, scope, ttlMs: settings.idempotencyTtlMs }) };
}
