import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createPrismaClient, type Db } from '@app/db/client';
import { LOGIN_CODE_RULES } from '../../../api/src/modules/portal-auth/service';
import { createOwnTestDatabase } from '../../../test/context';
import type { TestDatabase } from '../../../test/database';
import { housekeepingPurgeJob } from '../jobs/housekeeping-purge';
import { createLogger } from '@app/runtime/logger';
import { addDeal } from '../../../test/staff-fixtures';
import { LOGIN_CODE_RETENTION_MS, LOGIN_FAILURE_RETENTION_MS } from './purge-repository';

const log = createLogger({ service: 'housekeeping-test', level: 'silent', format: 'json' });
const NOW = new Date('2026-11-23T15:00:00Z');
const minutes = (n: number) => new Date(NOW.getTime() + n * 60_000);
const hours = (n: number) => minutes(n * 60);

describe('housekeeping.purge-expired', () => {
  // Its own database: the purge deletes every expired row, and other test files make some on purpose.
  let database: TestDatabase;
  let db: Db;

  beforeAll(async () => {
    database = await createOwnTestDatabase('housekeeping');
    db = createPrismaClient(database.url);
  });
  afterAll(async () => {
    await db.$disconnect();
    await database.drop();
  });

  const session = (id: string, times: { expiresAt: Date; absoluteExpiresAt: Date; revokedAt?: Date }) => ({
    id, kind: 'staff' as const, data: {}, ...times,
  });
  const loginCode = (phone: string, createdAt: Date) => ({
    phone, email: 'code@example.com', codeHmac: 'hmac', expiresAt: new Date(createdAt.getTime() + LOGIN_CODE_RULES.ttlMs), createdAt,
  });

  it('deletes the rows past their use and keeps every live one', async () => {
    await db.session.createMany({
      data: [
        session('live', { expiresAt: minutes(10), absoluteExpiresAt: hours(5) }),
        session('idle-too-long', { expiresAt: minutes(-1), absoluteExpiresAt: hours(5) }),
        session('past-hard-limit', { expiresAt: minutes(10), absoluteExpiresAt: minutes(-1) }),
        session('revoked', { expiresAt: minutes(10), absoluteExpiresAt: hours(5), revokedAt: minutes(-5) }),
      ],
    });
    const attempt = (id: string, expiresAt: Date) => ({ id, state: 's', nonce: 'n', codeVerifier: 'v', redirectUri: 'http://127.0.0.1/cb', expiresAt });
    // More than one delete batch (1,000) of expired attempts.
    await db.staffLoginAttempt.createMany({ data: Array.from({ length: 1_500 }, (_, i) => attempt(`old-${i}`, minutes(-1))) });
    await db.staffLoginAttempt.create({ data: attempt('in-progress', minutes(5)) });
    const key = (key: string, expiresAt: Date) => ({ key, scope: 'booking.request', requestHash: 'h', expiresAt });
    await db.idempotencyKey.createMany({ data: [key('expired', minutes(-1)), key('live', hours(23))] });
    await db.otpChallenge.createMany({
      data: [loginCode('+14045550100', hours(-49)), loginCode('+14045550101', hours(-25)), loginCode('+14045550102', minutes(-1))],
    });
    const purgedCode = await db.otpChallenge.findFirstOrThrow({ where: { phone: '+14045550100' } });
    const text = (to: string, createdAt: Date, otpChallengeId: string | null = null) => ({ purpose: 'login_code' as const, to, createdAt, otpChallengeId });
    await db.smsMessage.createMany({
      data: [text('+14045550103', hours(-31 * 24)), text('+14045550100', hours(-25), purgedCode.id), text('+14045550104', hours(-29 * 24))],
    });
    // A conversation's texts are the business's record: kept, like the customer's texts they answer.
    await db.smsMessage.create({ data: { purpose: 'staff_reply', to: '+14045550105', body: 'Yes, 10 works.', createdAt: hours(-31 * 24) } });

    const contact = await db.contact.create({ data: { email: 'failing@example.com' } });
    await db.loginFailure.createMany({ data: [{ contactId: contact.id, failedAt: hours(-31 * 24) }, { contactId: contact.id, failedAt: hours(-29 * 24) }] });
    const event = (aggregateId: string, status: 'pending' | 'dispatched', dispatchedAt: Date | null) => ({
      type: 'crm.push-booking', payload: {}, aggregateType: 'deal', aggregateId, status, dispatchedAt, createdAt: hours(-20 * 24),
    });
    await db.outboxEvent.createMany({
      data: [event('sent-long-ago', 'dispatched', hours(-15 * 24)), event('sent-recently', 'dispatched', hours(-13 * 24)), event('pending-old', 'pending', null)],
    });

    // The office's small copies of a cleaner's photos: kept 90 days, the photo itself stays (it is in HubSpot).
    const deal = await addDeal(db, { hubspotId: 'hs-purge-photos' });
    const photo = (createdAt: Date) => ({ dealId: deal.id, ownerHubspotId: 'owner-1', cleanerEmail: 'maria@example.com', contentType: 'image/jpeg', byteSize: 3, bytes: Uint8Array.from([1, 2, 3]), createdAt });
    const [old, recent] = [await db.visitPhoto.create({ data: photo(hours(-91 * 24)) }), await db.visitPhoto.create({ data: photo(hours(-89 * 24)) })];
    await db.visitPhotoThumbnail.createMany({
      data: [
        { photoId: old.id, contentType: 'image/jpeg', bytes: Uint8Array.from([1]), createdAt: hours(-91 * 24) },
        { photoId: recent.id, contentType: 'image/jpeg', bytes: Uint8Array.from([1]), createdAt: hours(-89 * 24) },
      ],
    });

    // The e-mail provider's webhook tokens: kept only while their signature could pass as fresh.
    await db.emailWebhookToken.createMany({ data: [{ token: 'used-long-ago', expiresAt: minutes(-1) }, { token: 'still-fresh', expiresAt: minutes(4) }] });

    const deleted = await housekeepingPurgeJob({ db, now: () => NOW }).process({}, { log, jobId: 'test', attempt: 1 });

    expect(deleted).toEqual({ sessions: 3, staffSignInAttempts: 1_500, idempotencyKeys: 1, loginCodes: 1, smsMessages: 1, loginFailures: 1, outboxEvents: 1, emailWebhookTokens: 1, visitPhotoThumbnails: 1 });
    expect((await db.emailWebhookToken.findMany({ select: { token: true } })).map((t) => t.token)).toEqual(['still-fresh']);
    expect((await db.visitPhotoThumbnail.findMany({ select: { photoId: true } })).map((t) => t.photoId)).toEqual([recent.id]);
    expect(await db.visitPhoto.count({ where: { dealId: deal.id } })).toBe(2);
    expect((await db.loginFailure.findMany({ select: { failedAt: true } })).map((f) => f.failedAt)).toEqual([hours(-29 * 24)]);
    expect((await db.outboxEvent.findMany({ select: { aggregateId: true }, orderBy: { aggregateId: 'asc' } })).map((e) => e.aggregateId)).toEqual(['pending-old', 'sent-recently']);
    expect((await db.session.findMany({ select: { id: true } })).map((s) => s.id)).toEqual(['live']);
    expect((await db.staffLoginAttempt.findMany({ select: { id: true } })).map((a) => a.id)).toEqual(['in-progress']);
    expect((await db.idempotencyKey.findMany({ select: { key: true } })).map((k) => k.key)).toEqual(['live']);
    expect((await db.otpChallenge.findMany({ select: { phone: true }, orderBy: { phone: 'asc' } })).map((c) => c.phone)).toEqual(['+14045550101', '+14045550102']);
    // Delivery rows outlive their login code (the link is emptied) for 30 days.
    expect(await db.smsMessage.findMany({ select: { to: true, otpChallengeId: true }, orderBy: { to: 'asc' } })).toEqual([
      { to: '+14045550100', otpChallengeId: null },
      { to: '+14045550104', otpChallengeId: null },
      { to: '+14045550105', otpChallengeId: null },
    ]);

    // Nothing left to do: a second run (or one running at the same time) deletes nothing more.
    expect(await housekeepingPurgeJob({ db, now: () => NOW }).process({}, { log, jobId: 'test', attempt: 1 })).toEqual({
      sessions: 0, staffSignInAttempts: 0, idempotencyKeys: 0, loginCodes: 0, smsMessages: 0, loginFailures: 0, outboxEvents: 0, emailWebhookTokens: 0, visitPhotoThumbnails: 0,
    });
  });

  it('keeps login codes longer than their lifetime and every rate-limit window that counts them', () => {
    const longest = Math.max(LOGIN_CODE_RULES.ttlMs, LOGIN_CODE_RULES.perPhone.windowMs, LOGIN_CODE_RULES.perPhoneDaily.windowMs, LOGIN_CODE_RULES.perClient.windowMs);
    expect(LOGIN_CODE_RETENTION_MS).toBeGreaterThan(longest);
    expect(LOGIN_FAILURE_RETENTION_MS).toBeGreaterThanOrEqual(LOGIN_CODE_RULES.lock.windowMs);
  });
});
