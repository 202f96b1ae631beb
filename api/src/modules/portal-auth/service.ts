import { createHmac, randomUUID, timingSafeEqual } from 'node:crypto';
import { formatEastern } from '@app/shared/eastern-time';
import type { RequestCode, VerifyCode } from '@app/shared/login';
import { loginCodeDelivery, type LoginCodeDelivery } from '@app/shared/sms-delivery';
import {
  LOGIN_CODE_EXPIRED,
  LOGIN_CODE_TOO_MANY_ATTEMPTS,
  LOGIN_CODE_WRONG,
  LOGIN_NOT_ELIGIBLE,
  LOGIN_SMS_BUDGET_SPENT,
  LOGIN_SUSPENDED,
  loginLocked,
  loginSmsOptedOut,
} from '@app/shared/texts';
import { formatUsPhone } from '@app/shared/phone';
import { recordSmsConsent } from '@app/db/sms-consent';
import { findOptOut } from '@app/db/sms-opt-out';
import { liftDeliveryHold } from '@app/db/sms-delivery-hold';
import { COMPANY } from '@app/runtime/company';
import { smsConsentWords } from '@app/shared/sms-consent';
import { loginCodeFor } from '@app/runtime/sms/login-code';
import { AppError, errors } from '../../errors';
import type { ModuleDeps } from '../registry';
import {
  consumeChallenge,
  findLoginContact,
  insertChallenge,
  loginCodeSmsStatus,
  recordLoginFailure,
  recordRefusal,
  recordWrongGuess,
  resetLoginStreak,
  sendUsage,
  withLiveChallenge,
  withSendLocks,
} from './repository';

const SECOND = 1000;
const MINUTE = 60 * SECOND;

const HOUR = 60 * MINUTE;
const DAY = 24 * HOUR;

/**
 * Login code rules (docs/login-security.md): lifetime, wrong guesses per code, how often codes
 * may be sent, and when an account's sign-in locks after wrong codes (NIST SP 800-63B).
 */
export const LOGIN_CODE_RULES = {
  ttlMs: 10 * MINUTE,
  maxAttempts: 5,
  perPhone: { max: 3, windowMs: 15 * MINUTE },
  perPhoneDaily: { max: 10, windowMs: DAY },
  /** Counts every request from the client, also refused ones (no code sent). */
  perClient: { max: 10, windowMs: 60 * MINUTE },
  minGapMs: 30 * SECOND,
  /** Per account: 10 wrong codes in a row lock sign-in for a minute, each further one twice as long (up to a day); never more than 100 wrong codes in 30 days. */
  lock: { streak: 10, firstLockMs: MINUTE, maxLockMs: DAY, max: 100, windowMs: 30 * DAY },
  /** verify-code attempts per client address (each api process counts its own). */
  verifyPerClient: { max: 30, windowMs: 15 * MINUTE },
} as const;

/** The company's text budget: texts strangers can make us send (@app/db/sms-budget) per hour and per day; login codes are refused beyond it. */
export interface SmsBudget {
  perHour: number;
  perDay: number;
}

export type PortalAuthDeps = Pick<ModuleDeps, 'db' | 'outbox' | 'now'> & {
  otpSecret: string;
  smsBudget: SmsBudget;
  /** The number a phone that replied STOP texts START to (TWILIO_FROM); null: none to name. */
  smsReplyNumber: string | null;
};

export class RateLimited extends AppError {
  constructor(readonly retryAfterSeconds: number) {
    const generic = errors.tooManyRequests();
    super(generic.status, generic.code, generic.message);
  }
}

const keyed = (secret: string, purpose: string, value: string) =>
  createHmac('sha256', secret).update(`${purpose}:${value}`).digest('base64url');

/** The stored form of a code: bound to its challenge, so the same digits mean nothing elsewhere. */
const codeHmac = (secret: string, challengeId: string, code: string) => keyed(secret, `otp:${challengeId}`, code);


/** Seconds until the oldest request of a full window leaves it. */
function retryAfter(times: readonly Date[], max: number, windowMs: number, now: Date): number | null {
  if (times.length < max) return null;
  const oldestCounted = times[times.length - max];
  return oldestCounted ? Math.ceil((oldestCounted.getTime() + windowMs - now.getTime()) / SECOND) : null;
}

const refused = (code: 'portal_suspended' | 'portal_not_eligible') =>
  new AppError(403, code, code === 'portal_suspended' ? LOGIN_SUSPENDED : LOGIN_NOT_ELIGIBLE);

/** The account's sign-in is locked after wrong codes: 429, saying until when. */
export class LoginLocked extends AppError {
  readonly retryAfterSeconds: number;
  constructor(until: Date, now: Date) {
    super(429, 'login_locked', loginLocked(`${formatEastern(until)} ET`));
    this.retryAfterSeconds = Math.max(1, Math.ceil((until.getTime() - now.getTime()) / SECOND));
  }
}

/** The phone replied STOP: no code can reach it until it opts back in, and the page says how. */
export class SmsOptedOut extends AppError {
  constructor(replyNumber: string | null) {
    super(403, 'sms_opted_out', loginSmsOptedOut(replyNumber ? formatUsPhone(replyNumber) : null));
  }
}

/** The hourly or daily text budget is spent: no login code goes out until it frees up. */
export class SmsBudgetSpent extends AppError {
  constructor(readonly retryAfterSeconds: number) {
    super(503, 'sms_budget_spent', LOGIN_SMS_BUDGET_SPENT);
  }
}

const isLocked = (until: Date | null, at: Date): until is Date => until !== null && until.getTime() > at.getTime();

/**
 * Step 1 of the login: if the limits allow and the contact may sign in, stores a new code
 * (voiding the previous one) with the outbox event that texts it. Refusals are recorded too, so
 * the per-client limit also slows down anyone probing e-mail and phone pairs.
 */
export async function requestLoginCode(
  deps: PortalAuthDeps,
  input: RequestCode,
  clientIp: string,
): Promise<{ challengeId: string; expiresAt: Date }> {
  const at = deps.now();
  const ipHash = keyed(deps.otpSecret, 'ip', clientIp);
  const rules = LOGIN_CODE_RULES;
  const outcome = await withSendLocks(deps.db, { phone: input.phone, ipHash }, async (tx) => {
    const usage = await sendUsage(tx, {
      phone: input.phone,
      ipHash,
      phoneSince: new Date(at.getTime() - rules.perPhoneDaily.windowMs),
      ipSince: new Date(at.getTime() - rules.perClient.windowMs),
      hourSince: new Date(at.getTime() - HOUR),
      daySince: new Date(at.getTime() - DAY),
    });
    const recentCodes = usage.phoneCodes.filter((t) => t.getTime() > at.getTime() - rules.perPhone.windowMs);
    const last = usage.phoneCodes.at(-1);
    const waits = [
      last && at.getTime() - last.getTime() < rules.minGapMs ? Math.ceil((last.getTime() + rules.minGapMs - at.getTime()) / SECOND) : null,
      retryAfter(recentCodes, rules.perPhone.max, rules.perPhone.windowMs, at),
      retryAfter(usage.phoneCodes, rules.perPhoneDaily.max, rules.perPhoneDaily.windowMs, at),
      retryAfter(usage.ipRequests, rules.perClient.max, rules.perClient.windowMs, at),
    ].filter((w): w is number => w !== null);
    if (waits.length > 0) return { kind: 'limited' as const, retryAfter: Math.max(1, ...waits) };

    const contact = await findLoginContact(tx, input.email, input.phone);
    // An unknown pair and a contact without any request get the same answer.
    const refusal = !contact || !contact.eligible ? ('portal_not_eligible' as const) : contact.suspended ? ('portal_suspended' as const) : null;
    if (refusal || !contact) {
      const code = refusal ?? 'portal_not_eligible';
      await recordRefusal(tx, { contactId: contact?.id ?? null, email: input.email, phone: input.phone, ipHash, refusal: code, at });
      return { kind: 'refused' as const, code };
    }
    if (isLocked(contact.lockedUntil, at)) return { kind: 'locked' as const, until: contact.lockedUntil };
    // Said only to the right e-mail and phone pair, so it tells a stranger nothing about a number.
    if (await findOptOut(tx, input.phone)) return { kind: 'opted_out' as const };
    const budget = deps.smsBudget;
    if (usage.textsSent.lastHour >= budget.perHour || usage.textsSent.lastDay >= budget.perDay) {
      return { kind: 'budget' as const, retryAfter: usage.textsSent.lastDay >= budget.perDay ? HOUR / SECOND : 5 * MINUTE / SECOND };
    }

    const id = randomUUID();
    // Derived, never stored: the worker derives it again to write the text (docs/login-security.md).
    const code = loginCodeFor(deps.otpSecret, id);
    const expiresAt = new Date(at.getTime() + rules.ttlMs);
    const event = await insertChallenge(tx, {
      id,
      contactId: contact.id,
      email: input.email,
      phone: input.phone,
      codeHmac: codeHmac(deps.otpSecret, id, code),
      ipHash,
      at,
      expiresAt,
    });
    // What step 1 showed, kept with the code it sent (only then: a refused request texts nobody).
    await recordSmsConsent(tx, {
      form: 'login',
      phone: input.phone,
      email: input.email,
      contactId: contact.id,
      version: input.consentVersion,
      words: smsConsentWords('login', COMPANY, input.consentVersion).words,
      agreedAt: at,
    });
    return { kind: 'sent' as const, event, challengeId: id, expiresAt };
  });

  if (outcome.kind === 'limited') throw new RateLimited(outcome.retryAfter);
  if (outcome.kind === 'refused') throw refused(outcome.code);
  if (outcome.kind === 'locked') throw new LoginLocked(outcome.until, at);
  if (outcome.kind === 'opted_out') throw new SmsOptedOut(deps.smsReplyNumber);
  // /metrics raises sms_budget_exhausted meanwhile (figured from the same rows).
  if (outcome.kind === 'budget') throw new SmsBudgetSpent(outcome.retryAfter);
  // Wakes the worker's relay; the answer never waits on the queue.
  deps.outbox.notify();
  return { challengeId: outcome.challengeId, expiresAt: outcome.expiresAt };
}

function sameHmac(a: string, b: string): boolean {
  const [x, y] = [Buffer.from(a), Buffer.from(b)];
  return x.length === y.length && timingSafeEqual(x, y);
}

/**
 * Step 2: checks the code against the live challenge of this e-mail and phone. A right code is
 * used up at once; a wrong one counts, and the fifth wrong one voids the code.
 */
export async function verifyLoginCode(deps: PortalAuthDeps, input: VerifyCode): Promise<{ contactId: string }> {
  const at = deps.now();
  const rules = LOGIN_CODE_RULES;
  const outcome = await withLiveChallenge(deps.db, { email: input.email, phone: input.phone }, async (tx, challenge) => {
    if (!challenge || !challenge.contactId || challenge.expiresAt.getTime() <= at.getTime()) return { kind: 'expired' as const };
    if (challenge.suspended) return { kind: 'suspended' as const };
    if (isLocked(challenge.lockedUntil, at)) return { kind: 'locked' as const, until: challenge.lockedUntil };
    if (!sameHmac(challenge.codeHmac, codeHmac(deps.otpSecret, challenge.id, input.code))) {
      const attempts = await recordWrongGuess(tx, challenge.id, rules.maxAttempts, at);
      const lockedUntil = await recordLoginFailure(tx, challenge.contactId, at, rules.lock);
      if (isLocked(lockedUntil, at)) return { kind: 'locked' as const, until: lockedUntil };
      return { kind: attempts >= rules.maxAttempts ? ('void' as const) : ('wrong' as const) };
    }
    await consumeChallenge(tx, challenge.id, at);
    await resetLoginStreak(tx, challenge.contactId);
    // The code reached this phone: it takes texts, whatever an earlier 30006/30007 said.
    await liftDeliveryHold(tx, input.phone);
    return { kind: 'ok' as const, contactId: challenge.contactId };
  });
  switch (outcome.kind) {
    case 'ok':
      return { contactId: outcome.contactId };
    case 'suspended':
      throw refused('portal_suspended');
    case 'locked':
      throw new LoginLocked(outcome.until, at);
    case 'wrong':
      throw new AppError(401, 'invalid_code', LOGIN_CODE_WRONG);
    case 'void':
      throw new AppError(401, 'code_void', LOGIN_CODE_TOO_MANY_ATTEMPTS);
    case 'expired':
      throw new AppError(401, 'code_expired', LOGIN_CODE_EXPIRED);
  }
}

/**
 * Whether the text with this login code reached the phone, as far as Twilio has told us. The
 * challenge id comes from the requester's own signed cookie, so no one learns about another's.
 */
export async function loginCodeDeliveryStatus(deps: Pick<PortalAuthDeps, 'db'>, challengeId: string): Promise<LoginCodeDelivery> {
  return loginCodeDelivery(await loginCodeSmsStatus(deps.db, challengeId));
}
