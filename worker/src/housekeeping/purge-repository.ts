import type { Db } from '@app/db/client';
import { THUMBNAIL_RETENTION_DAYS } from '@app/shared/visit-photos';

const HOUR = 60 * 60 * 1000;

/**
 * How long a login code's row is kept after it was requested: well past its lifetime and every
 * rate-limit window that counts it (LOGIN_CODE_RULES in the api; a test holds the two together).
 */
export const LOGIN_CODE_RETENTION_MS = 48 * HOUR;

/**
 * How long a text message's delivery row (phone number, Twilio SID and status) is kept: long
 * enough for support to see why someone's texts did not arrive, and for the delivery figures on
 * /metrics to cover a month. The texts of a conversation (a staff reply, the after-hours answer)
 * are kept like the customers' texts they answer (inbound_text): they are the business's record
 * of what was said (docs/conversations.md).
 */
export const SMS_MESSAGE_RETENTION_MS = 30 * 24 * HOUR;

/** Wrong login codes count against their account for 30 days (LOGIN_CODE_RULES.lock in the api). */
export const LOGIN_FAILURE_RETENTION_MS = 30 * 24 * HOUR;

/**
 * How long an outbox event is kept once handed to the queue: longer than the queue keeps the
 * finished job (a week, job-options.ts), so a re-dispatch would still meet its job id.
 */
export const OUTBOX_RETENTION_MS = 14 * 24 * HOUR;

/**
 * How long the office's small copy of a cleaner's photo is kept (docs/cleaner-day.md#what-the-office-sees):
 * long enough to answer a re-clean claim or a complaint about the visit; the photo itself stays
 * on the deal in HubSpot. THUMBNAIL_RETENTION_DAYS (shared) says the same to the office.
 */
export const VISIT_PHOTO_THUMBNAIL_RETENTION_MS = THUMBNAIL_RETENTION_DAYS * 24 * HOUR;

/** Rows deleted per statement, so a large backlog never holds locks for long. */
const DELETE_BATCH = 1_000;

interface Purge {
  /** Key of the result, e.g. in the job's return value on the queue dashboard. */
  what: string;
  table: string;
  /** Which rows are of no further use; `$1` is the cutoff instant. */
  expired: string;
  cutoff(now: Date): Date;
}

/**
 * Rows that stop being useful at a known moment, and which hold personal data (phone numbers,
 * IP addresses, user agents, request bodies) that should not outlive that moment. Every other
 * table keeps its rows: they are the business's records.
 */
const PURGES: readonly Purge[] = [
  // Unusable already: the session store refuses (and deletes) such a row when its cookie comes back.
  { what: 'sessions', table: 'session', expired: 'revoked_at IS NOT NULL OR expires_at <= $1 OR absolute_expires_at <= $1', cutoff: (now) => now },
  { what: 'staffSignInAttempts', table: 'staff_login_attempt', expired: 'expires_at <= $1', cutoff: (now) => now },
  // An expired key no longer guards anything: the same key is accepted as new.
  { what: 'idempotencyKeys', table: 'idempotency_key', expired: 'expires_at <= $1', cutoff: (now) => now },
  { what: 'loginCodes', table: 'otp_challenge', expired: 'created_at < $1', cutoff: (now) => new Date(now.getTime() - LOGIN_CODE_RETENTION_MS) },
  {
    what: 'smsMessages',
    table: 'sms_message',
    expired: "created_at < $1 AND purpose NOT IN ('staff_reply', 'after_hours_reply')",
    cutoff: (now) => new Date(now.getTime() - SMS_MESSAGE_RETENTION_MS),
  },
  { what: 'loginFailures', table: 'login_failure', expired: 'failed_at < $1', cutoff: (now) => new Date(now.getTime() - LOGIN_FAILURE_RETENTION_MS) },
  {
    what: 'outboxEvents',
    table: 'outbox_event',
    expired: "status = 'dispatched' AND dispatched_at < $1",
    cutoff: (now) => new Date(now.getTime() - OUTBOX_RETENTION_MS),
  },
  // A webhook token guards against replays only while its signature is fresh (5 minutes).
  { what: 'emailWebhookTokens', table: 'email_webhook_token', expired: 'expires_at <= $1', cutoff: (now) => now },
  {
    what: 'visitPhotoThumbnails',
    table: 'visit_photo_thumbnail',
    expired: 'created_at < $1',
    cutoff: (now) => new Date(now.getTime() - VISIT_PHOTO_THUMBNAIL_RETENTION_MS),
  },
];

/** Deletes every row past its use (see PURGES); returns how many of each kind went. */
export async function purgeExpiredRows(db: Db, now: Date): Promise<Record<string, number>> {
  const deleted: Record<string, number> = {};
  for (const purge of PURGES) {
    const cutoff = purge.cutoff(now);
    let total = 0;
    for (;;) {
      const count = await db.$executeRawUnsafe(
        `DELETE FROM ${purge.table} WHERE ctid = ANY (ARRAY(SELECT ctid FROM ${purge.table} WHERE ${purge.expired} LIMIT ${DELETE_BATCH}))`,
        cutoff,
      );
      total += count;
      if (count < DELETE_BATCH) break;
    }
    deleted[purge.what] = total;
  }
  return deleted;
}
