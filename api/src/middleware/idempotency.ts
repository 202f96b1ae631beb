import { createHash } from 'node:crypto';
import { setTimeout as sleep } from 'node:timers/promises';
import type { Middleware } from 'koa';
import type { Db } from '@app/db/client';
import { WriteOutcomeUnknown } from '@app/db/settle-write';
import { errors } from '../errors';
import { type KeyRef, claimKey, deleteExpiredKeys, findKey, releaseKey, saveResponse } from './idempotency-repository';

export const IDEMPOTENCY_HEADER = 'Idempotency-Key';
const KEY_PATTERN = /^[\x21-\x7e]{8,255}$/;
const POLL_MS = 50;
const SWEEP_EVERY_MS = 10 * 60_000;

export interface IdempotencyOptions {
  db: Db;
  /** Keys are unique per scope (one per route), e.g. 'booking.request'. */
  scope: string;
  /** How long a key and its answer are kept. */
  ttlMs: number;
  /** How long a duplicate waits for the first request to finish before it gets 409. */
  waitMs?: number;
}

/** Same JSON value, same hash, whatever the key order the client serialised it in. */
function canonical(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(canonical);
  if (value !== null && typeof value === 'object') {
    return Object.fromEntries(
      Object.keys(value)
        .sort()
        .map((k) => [k, canonical((value as Record<string, unknown>)[k])]),
    );
  }
  return value;
}
export function hashBody(body: unknown): string {
  return createHash('sha256').update(JSON.stringify(canonical(body ?? null))).digest('hex');
}

/**
 * Idempotency-Key for a POST (IETF draft "The Idempotency-Key HTTP Header Field"):
 * - no header: nothing happens here, not even a database round trip (the intake hot path);
 * - first use: the key is claimed in the database (primary key scope+key, so of two concurrent
 *   requests exactly one runs), the request runs, a 2xx answer is stored with the key;
 * - same key, same body, answered: the stored status and body again (Idempotent-Replayed: true);
 * - same key, same body, still running: waits up to `waitMs` for the answer, else 409;
 * - same key, different body: 422 idempotency_key_reused.
 * Any non-2xx answer (validation, an error) releases the key: nothing was written, and the
 * client may retry with the same key once it has fixed the request.
 * Known gap: if the process dies between the handler's commit and storing the answer, the key
 * stays "in progress" (409) until it expires; a new submission (new key) goes through. We
 * prefer that to running a request twice. The same holds when the database goes away between
 * claiming the key and storing the answer or giving the key back, and when a write's outcome
 * could not be learnt (WriteOutcomeUnknown, prisma/settle-write.ts).
 */
export function idempotency(options: IdempotencyOptions): Middleware {
  const { db, scope, ttlMs, waitMs = 2_000 } = options;
  let lastSweep = 0;

  return async (ctx, next) => {
    const key = ctx.get(IDEMPOTENCY_HEADER);
    if (key === '') return next();
    if (!KEY_PATTERN.test(key)) throw errors.badRequest('The Idempotency-Key header must be 8 to 255 visible ASCII characters.');
    const ref: KeyRef = { scope, key, requestHash: hashBody(ctx.request.body) };

    const deadline = Date.now() + waitMs;
    for (;;) {
      if (await claimKey(db, ref, ttlMs)) break;
      const stored = await findKey(db, scope, key);
      // Gone between our two statements (released after a failure, or expired): claim again.
      if (!stored && Date.now() < deadline) continue;
      if (!stored) throw errors.idempotencyInProgress();
      if (stored.requestHash !== ref.requestHash) throw errors.idempotencyKeyReused();
      if (stored.responseStatus !== null) {
        ctx.status = stored.responseStatus;
        ctx.body = stored.responseBody;
        ctx.set('Idempotent-Replayed', 'true');
        return;
      }
      if (Date.now() >= deadline) {
        ctx.set('Retry-After', '1');
        throw errors.idempotencyInProgress();
      }
      await sleep(POLL_MS);
    }

    if (Date.now() - lastSweep > SWEEP_EVERY_MS) {
      lastSweep = Date.now();
      deleteExpiredKeys(db).catch((err: unknown) => ctx.state.log?.warn({ err }, 'idempotency sweep failed'));
    }

    try {
      await next();
    } catch (error) {
      // A write that may have committed keeps its key "in progress" (409) until it expires:
      // sent again with it, it must not run a second time.
      if (error instanceof WriteOutcomeUnknown) throw error;
      // The original error is what matters; a failed release leaves the key "in progress" until it expires.
      await releaseKey(db, ref).catch((err: unknown) => ctx.state.log?.warn({ err }, 'idempotency key release failed'));
      throw error;
    }
    if (ctx.status >= 200 && ctx.status < 300) {
      // The request's work is committed: its answer stands even if the database is gone by now
      // (the key then stays "in progress" until it expires, as after a crash).
      await saveResponse(db, ref, ctx.status, ctx.body).catch((err: unknown) => ctx.state.log?.warn({ err }, 'idempotency answer not stored'));
    } else await releaseKey(db, ref).catch((err: unknown) => ctx.state.log?.warn({ err }, 'idempotency key release failed'));
  };
}
