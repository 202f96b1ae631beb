import { budgetedTexts } from '@app/db/sms-budget';
import type { Db, DbTransaction } from '@app/db/client';
import { PORTAL_VISIBLE_DEAL_SQL } from '@app/db/identity';
import type { SmsStatus } from '@app/shared/sms-delivery';
import type { OutboxRow } from '@app/runtime/outbox/outbox-row';
import { outboxEvent } from '@app/runtime/outbox/events';

export interface LoginContact {
  id: string;
  suspended: boolean;
  /** Sign-in refused until then after too many wrong codes (docs/login-security.md). */
  lockedUntil: Date | null;
  /** Has a request its portal shows (docs/identity.md), was invited, or was marked eligible. */
  eligible: boolean;
}

/** The contact with exactly this e-mail and phone, with what decides whether it may sign in. */
export async function findLoginContact(tx: DbTransaction | Db, email: string, phone: string): Promise<LoginContact | null> {
  const [row] = await tx.$queryRaw<LoginContact[]>`
    SELECT c.id, c.suspended, c.login_locked_until AS "lockedUntil",
           (c.portal_eligible OR c.invited_at IS NOT NULL
            OR EXISTS (SELECT 1 FROM deal d WHERE d.contact_id = c.id AND d.archived_at IS NULL AND ${PORTAL_VISIBLE_DEAL_SQL})) AS eligible
    FROM contact c
    WHERE c.email = ${email} AND c.phone = ${phone}`;
  return row ?? null;
}

/**
 * Runs `work` in a transaction holding advisory locks on the phone and the client, so that
 * counting recent requests and recording a new one is exact across API processes. Locks are
 * always taken phone first, then client, so two requests never wait on each other in a cycle.
 */
export async function withSendLocks<T>(db: Db, keys: { phone: string; ipHash: string }, work: (tx: DbTransaction) => Promise<T>): Promise<T> {
  return db.$transaction(async (tx) => {
    await tx.$executeRaw`SELECT pg_advisory_xact_lock(hashtextextended(${`otp:phone:${keys.phone}`}, 0))`;
    await tx.$executeRaw`SELECT pg_advisory_xact_lock(hashtextextended(${`otp:ip:${keys.ipHash}`}, 0))`;
    return work(tx);
  });
}

export interface SendUsage {
  /** Codes sent to the phone since `phoneSince`, oldest first. */
  phoneCodes: Date[];
  /** The texts the company's text budget counts (@app/db/sms-budget), in the last hour and day. */
  textsSent: { lastHour: number; lastDay: number };
  /** Requests (sent or refused) from the client since `ipSince`, oldest first. */
  ipRequests: Date[];
}

export async function sendUsage(
  tx: DbTransaction,
  q: { phone: string; ipHash: string; phoneSince: Date; ipSince: Date; hourSince: Date; daySince: Date },
): Promise<SendUsage> {
  const phoneRows = await tx.$queryRaw<{ created_at: Date }[]>`
    SELECT created_at FROM otp_challenge
    WHERE phone = ${q.phone} AND code_hmac IS NOT NULL AND created_at > ${q.phoneSince}
    ORDER BY created_at`;
  const ipRows = await tx.$queryRaw<{ created_at: Date }[]>`
    SELECT created_at FROM otp_challenge
    WHERE request_ip = ${q.ipHash} AND created_at > ${q.ipSince}
    ORDER BY created_at`;
  const texts = await budgetedTexts(tx, q);
  return {
    phoneCodes: phoneRows.map((r) => r.created_at),
    ipRequests: ipRows.map((r) => r.created_at),
    textsSent: { lastHour: texts.hour, lastDay: texts.day },
  };
}

export async function recordRefusal(
  tx: DbTransaction,
  r: { contactId: string | null; email: string; phone: string; ipHash: string; refusal: string; at: Date },
): Promise<void> {
  await tx.otpChallenge.create({
    data: {
      contactId: r.contactId,
      email: r.email,
      phone: r.phone,
      refusal: r.refusal,
      requestIp: r.ipHash,
      expiresAt: r.at,
      voidedAt: r.at,
      createdAt: r.at,
    },
  });
}

export interface NewChallenge {
  id: string;
  contactId: string;
  email: string;
  phone: string;
  codeHmac: string;
  ipHash: string;
  at: Date;
  expiresAt: Date;
}

/**
 * Voids every live code of the contact, stores the new one, its text message's delivery row and
 * the outbox event that texts it, in the caller's transaction. The event names only the row: the
 * worker reads the phone and the challenge there and derives the code (docs/login-security.md).
 */
export async function insertChallenge(tx: DbTransaction, c: NewChallenge): Promise<OutboxRow> {
  await tx.otpChallenge.updateMany({
    where: { contactId: c.contactId, consumedAt: null, voidedAt: null, codeHmac: { not: null } },
    data: { voidedAt: c.at },
  });
  await tx.otpChallenge.create({
    data: {
      id: c.id,
      contactId: c.contactId,
      email: c.email,
      phone: c.phone,
      codeHmac: c.codeHmac,
      requestIp: c.ipHash,
      expiresAt: c.expiresAt,
      createdAt: c.at,
    },
  });
  const message = await tx.smsMessage.create({
    data: { purpose: 'login_code', to: c.phone, otpChallengeId: c.id, createdAt: c.at, statusUpdatedAt: c.at },
    select: { id: true },
  });
  const event = await tx.outboxEvent.create({
    data: outboxEvent('sms.send', { messageId: message.id }, { aggregateId: message.id }),
    select: { id: true, type: true, payload: true },
  });
  return event;
}

export interface LiveChallenge {
  id: string;
  contactId: string | null;
  lockedUntil: Date | null;
  codeHmac: string;
  attempts: number;
  expiresAt: Date;
  suspended: boolean;
}

/**
 * Runs `work` on the newest unused code for this e-mail and phone, locked (FOR UPDATE) so two
 * guesses at the same time are counted one after the other and a code is used at most once.
 */
export async function withLiveChallenge<T>(
  db: Db,
  key: { email: string; phone: string },
  work: (tx: DbTransaction, challenge: LiveChallenge | null) => Promise<T>,
): Promise<T> {
  return db.$transaction(async (tx) => {
    const [row] = await tx.$queryRaw<LiveChallenge[]>`
      SELECT o.id, o.contact_id AS "contactId", o.code_hmac AS "codeHmac", o.attempts, o.expires_at AS "expiresAt",
             c.suspended, c.login_locked_until AS "lockedUntil"
      FROM otp_challenge o JOIN contact c ON c.id = o.contact_id
      WHERE o.email = ${key.email} AND o.phone = ${key.phone}
        AND o.code_hmac IS NOT NULL AND o.consumed_at IS NULL AND o.voided_at IS NULL
      ORDER BY o.created_at DESC
      LIMIT 1
      FOR UPDATE OF o, c`;
    return work(tx, row ?? null);
  });
}

/** One more wrong guess; the code is void once `maxAttempts` is reached. Returns the new count. */
export async function recordWrongGuess(tx: DbTransaction, id: string, maxAttempts: number, at: Date): Promise<number> {
  const [row] = await tx.$queryRaw<{ attempts: number }[]>`
    UPDATE otp_challenge
    SET attempts = attempts + 1, voided_at = CASE WHEN attempts + 1 >= ${maxAttempts} THEN ${at}::timestamptz ELSE voided_at END
    WHERE id = ${id}
    RETURNING attempts`;
  return row?.attempts ?? maxAttempts;
}

/** Marks the code used: it can never sign anyone in again. */
export async function consumeChallenge(tx: DbTransaction, id: string, at: Date): Promise<void> {
  await tx.otpChallenge.update({ where: { id }, data: { consumedAt: at } });
}

/** The delivery state of the text that carried this login code; null before it was written. */
export async function loginCodeSmsStatus(db: Db, challengeId: string): Promise<SmsStatus | null> {
  const message = await db.smsMessage.findFirst({ where: { otpChallengeId: challengeId }, select: { status: true }, orderBy: { createdAt: 'desc' } });
  return message?.status ?? null;
}

export interface LockRules {
  /** Wrong codes in a row before the first lock, and that lock's length (doubling with each further one, up to maxLockMs). */
  streak: number;
  firstLockMs: number;
  maxLockMs: number;
  /** At most this many wrong codes per account in windowMs. */
  max: number;
  windowMs: number;
}

/**
 * One more wrong code for the contact (in the caller's transaction, which holds the contact's
 * row): the streak grows, the failure is counted for the window cap, and the sign-in is locked
 * when either rule says so. Returns the lock's end, or null when the account is not locked.
 */
export async function recordLoginFailure(tx: DbTransaction, contactId: string, at: Date, rules: LockRules): Promise<Date | null> {
  const [row] = await tx.$queryRaw<{ streak: number }[]>`
    UPDATE contact SET login_failed_streak = login_failed_streak + 1 WHERE id = ${contactId} RETURNING login_failed_streak AS streak`;
  await tx.$executeRaw`INSERT INTO login_failure (contact_id, failed_at) VALUES (${contactId}, ${at})`;
  const streak = row?.streak ?? 0;
  const ends: number[] = [];
  if (streak >= rules.streak) ends.push(at.getTime() + Math.min(rules.maxLockMs, rules.firstLockMs * 2 ** Math.min(streak - rules.streak, 30)));
  // The window holds `max` failures: locked until the oldest of the newest `max` leaves it.
  const [oldest] = await tx.$queryRaw<{ failed_at: Date }[]>`
    SELECT failed_at FROM login_failure
    WHERE contact_id = ${contactId} AND failed_at > ${new Date(at.getTime() - rules.windowMs)}
    ORDER BY failed_at DESC OFFSET ${rules.max - 1} LIMIT 1`;
  if (oldest) ends.push(oldest.failed_at.getTime() + rules.windowMs);
  if (ends.length === 0) return null;
  const until = new Date(Math.max(...ends));
  await tx.contact.update({ where: { id: contactId }, data: { loginLockedUntil: until } });
  return until;
}

/** A right code: the streak of wrong ones starts again (the window's count stays). */
export async function resetLoginStreak(tx: DbTransaction, contactId: string): Promise<void> {
  await tx.contact.update({ where: { id: contactId }, data: { loginFailedStreak: 0, loginLockedUntil: null } });
}
