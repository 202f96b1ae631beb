import { randomUUID } from 'node:crypto';
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { OUTBOX_EVENTS } from '@app/runtime/outbox/events';
import { createOwnTestDatabase } from '../test/context';
import type { TestDatabase } from '../test/database';
import { insertBooking } from '../test/fixtures';
import { closePrismaClient, createPrismaClient, type Db } from './client';
import type { OutboxStatus, Prisma, SmsPurpose, SmsStatus } from './generated/client';

const MIGRATION = path.join(path.dirname(fileURLToPath(import.meta.url)), 'migrations/20261206090000_sms_send_references/migration.sql');

/**
 * The migration that turns sms.send payloads into references, run again over events of the old
 * shapes (the run's database has it applied already, on no such rows). Statements are split as
 * the migration adapter splits them: on every semicolon.
 */
async function rewriteOldPayloads(db: Db): Promise<void> {
  const sql = (await readFile(MIGRATION, 'utf8'))
    .split('\n')
    .filter((line) => !line.startsWith('--'))
    .join('\n');
  for (const statement of sql.split(';').map((s) => s.trim()).filter(Boolean)) await db.$executeRawUnsafe(statement);
}

let database: TestDatabase;
let db: Db;

// A database of its own: the migration rewrites every sms.send event it finds.
beforeAll(async () => {
  database = await createOwnTestDatabase('sms_refs');
  db = createPrismaClient(database.url);
}, 60_000);

afterAll(async () => {
  await closePrismaClient(db);
  await database.drop();
});

describe('migration 20261206090000_sms_send_references', () => {
  const PHONE = '+14045550188';

  async function message(purpose: SmsPurpose, status: SmsStatus = 'queued', extra: { dealId?: string; otpChallengeId?: string } = {}) {
    return (await db.smsMessage.create({ data: { purpose, to: PHONE, status, ...extra }, select: { id: true } })).id;
  }
  async function event(payload: Prisma.InputJsonObject, status: OutboxStatus = 'pending') {
    return (await db.outboxEvent.create({ data: { type: 'sms.send', payload, aggregateType: 'sms_message', aggregateId: randomUUID(), status }, select: { id: true } })).id;
  }
  const payloadOf = async (id: string) => (await db.outboxEvent.findUniqueOrThrow({ where: { id } })).payload;

  it('rewrites the texts still to be sent to { messageId, subject? }, and leaves the rest', async () => {
    const { dealId } = await insertBooking(db);
    const at = '2026-12-10T15:00:00.000Z';
    const expiresAt = new Date(Date.now() + 600_000);
    const challenge = await db.otpChallenge.create({ data: { phone: PHONE, email: 'old@example.com', codeHmac: 'h', expiresAt }, select: { id: true } });

    const code = await message('login_code', 'queued', { otpChallengeId: challenge.id });
    const loginEvent = await event({ to: PHONE, loginCode: { challengeId: challenge.id, minutes: 10 }, notAfter: expiresAt.toISOString(), messageId: code });
    const confirmed = await message('cleaning_confirmed', 'queued', { dealId });
    // Dispatched, its row still queued: its job may yet be lost and dispatched again.
    const confirmedEvent = await event({ to: PHONE, messageId: confirmed, notice: { kind: 'cleaning_confirmed', dealId, scheduledAt: at } }, 'dispatched');
    const invoice = await message('invoice_ready', 'queued', { dealId });
    const invoiceEvent = await event({ to: PHONE, messageId: invoice, notice: { kind: 'invoice_ready', dealId, invoiceId: 'inv-9' } });
    const answered = await message('request_answered', 'queued', { dealId });
    const answeredEvent = await event({ to: PHONE, messageId: answered, notice: { kind: 'request_answered', dealId, ticketId: 'ticket-9' } });
    const received = await message('request_received', 'queued', { dealId });
    const receivedEvent = await event({ to: PHONE, messageId: received, notice: { kind: 'request_received', dealId } });
    const invite = await message('staff_invite');
    const inviteEvent = await event({ to: PHONE, body: 'You are invited', messageId: invite });

    // Done: sent, or never to be sent. Left as they are.
    const sent = await message('staff_invite', 'sent');
    const sentOld = { to: PHONE, body: 'You are invited', messageId: sent };
    const sentEvent = await event(sentOld, 'dispatched');
    // No row to name: cannot be expressed, left for the worker to refuse.
    const bare = { to: PHONE, body: 'Written before texts had rows' };
    const bareEvent = await event(bare);
    // Already the new shape.
    const current = { messageId: received, subject: { scheduledAt: at } };
    const currentEvent = await event(current);

    await rewriteOldPayloads(db);

    expect(await payloadOf(loginEvent)).toEqual({ messageId: code });
    expect(await payloadOf(confirmedEvent)).toEqual({ messageId: confirmed, subject: { scheduledAt: at } });
    expect(await payloadOf(invoiceEvent)).toEqual({ messageId: invoice, subject: { invoiceId: 'inv-9' } });
    expect(await payloadOf(answeredEvent)).toEqual({ messageId: answered, subject: { ticketId: 'ticket-9' } });
    expect(await payloadOf(receivedEvent)).toEqual({ messageId: received });
    expect(await payloadOf(inviteEvent)).toEqual({ messageId: invite });
    for (const id of [loginEvent, confirmedEvent, invoiceEvent, answeredEvent, receivedEvent, inviteEvent]) {
      expect(OUTBOX_EVENTS['sms.send'].payload.safeParse(await payloadOf(id)).success).toBe(true);
    }
    expect(await payloadOf(sentEvent)).toEqual(sentOld);
    expect(await payloadOf(bareEvent)).toEqual(bare);
    expect(await payloadOf(currentEvent)).toEqual(current);
  });
});
