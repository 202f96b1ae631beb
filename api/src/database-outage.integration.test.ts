import { randomUUID } from 'node:crypto';
import { setTimeout as sleep } from 'node:timers/promises';
import { pino } from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createPrismaClient, type Db } from '@app/db/client';
import { bookingRequestBody } from '@app/shared/booking-request-fixture';
import { startTestApi, type TestApi } from '../../test/api-server';
import { createOwnTestDatabase } from '../../test/context';
import type { TestDatabase } from '../../test/database';
import { startTcpProxy, type TcpProxy } from '../../test/tcp-proxy';
import { apiErrorBody } from '@app/shared/api-error';

// 10:00 in Atlanta on Sunday 22 November 2026: the earliest bookable day is 27 November.
const NOW = new Date('2026-11-22T15:00:00Z');
const CLIENTS = 4;
const BEFORE_CUT_MS = 1_500;
const CUT_MS = 2_500;
const AFTER_RESTORE_MS = 2_000;

function booking(email: string) {
  return bookingRequestBody({ email }, NOW);
}

interface Sent {
  email: string;
  key: string;
  startedAt: number;
  status: number;
  retryAfter: string | null;
  body: { code?: string; error?: string; request?: { dealId: string; reference: string } };
}

/**
 * Postgres goes away while the booking form is being posted, and comes back. The api sits
 * behind a TCP proxy that drops every connection to Postgres and refuses new ones for a few
 * seconds (the shared server is never touched). Every answer is then either a booking stored
 * whole (201) or a 503 the form may retry, after which nothing of that request is in the
 * database; and the api serves again once Postgres is back, without a restart.
 */
describe('Postgres restarting during intake', () => {
  let database: TestDatabase;
  let proxy: TcpProxy;
  let api: TestApi;
  let db: Db;
  const logs: { level: number; msg: string }[] = [];

  beforeAll(async () => {
    // Its own database: the count of bookings must be this file's alone, and the
    // "request received" texts spend the database's text budget.
    database = await createOwnTestDatabase('pgdown');
    const direct = new URL(database.url);
    proxy = await startTcpProxy({ host: direct.hostname, port: Number(direct.port || 5432) });
    const proxied = new URL(database.url);
    proxied.hostname = '127.0.0.1';
    proxied.port = String(proxy.port);
    const logger = pino({ level: 'info' }, { write: (line: string) => void logs.push(JSON.parse(line) as { level: number; msg: string }) });
    api = await startTestApi('pgdown', { now: () => NOW, databaseUrl: proxied.toString(), logger });
    db = createPrismaClient(database.url);
  }, 60_000);

  afterAll(async () => {
    await api?.close();
    await db?.$disconnect();
    await proxy?.close();
    await database?.drop();
  });

  const send = async (email: string, key: string): Promise<Sent> => {
    const startedAt = Date.now();
    const res = await api.post('/api/hubspot/portal/requestBooking', booking(email), { 'Idempotency-Key': key });
    return { email, key, startedAt, status: res.status, retryAfter: res.headers.get('retry-after'), body: (await res.json()) as Sent['body'] };
  };

  it('answers 201 with the booking stored whole, or 503 with Retry-After and nothing stored', async () => {
    const sent: Sent[] = [];
    let stop = false;
    const client = async (n: number) => {
      for (let i = 0; !stop; i++) {
        sent.push(await send(`outage.${n}.${i}.${randomUUID().slice(0, 8)}@example.com`, randomUUID()));
        // Fast refusals while cut would spin; a form's user does not post a thousand times a second.
        await sleep(5);
      }
    };
    const clients = Array.from({ length: CLIENTS }, (_, n) => client(n));

    await sleep(BEFORE_CUT_MS);
    // Right after a batch of bookings went out: Postgres may well commit it, but the api never
    // hears back, and must find out before it answers those requests.
    await proxy.cutAfter((chunk) => chunk.includes('insert-public-bookings'));
    const cutAt = Date.now();
    await sleep(CUT_MS / 2);
    const readyWhileDown = await fetch(`${api.url}/readyz`);
    expect(readyWhileDown.status).toBe(503);
    expect(await readyWhileDown.json()).toMatchObject({ status: 'not ready', checks: { database: { ok: false } } });
    await sleep(CUT_MS / 2);
    proxy.restore();
    const restoredAt = Date.now();
    await sleep(AFTER_RESTORE_MS);
    stop = true;
    await Promise.all(clients);

    const byStatus = (status: number) => sent.filter((s) => s.status === status);
    const ok = byStatus(201);
    const refused = byStatus(503);
    const statuses = sent.reduce((counts, s) => counts.set(s.status, (counts.get(s.status) ?? 0) + 1), new Map<number, number>());
    expect(refused.length + ok.length, `answers: ${JSON.stringify([...statuses])}; first other: ${JSON.stringify(sent.find((s) => s.status !== 201 && s.status !== 503))}`).toBe(sent.length);
    // The cut really fell in the middle of the stream.
    expect(ok.filter((s) => s.startedAt < cutAt).length).toBeGreaterThan(0);
    expect(refused.length).toBeGreaterThan(0);
    for (const s of refused) {
      expect(s.body).toEqual(apiErrorBody('Service temporarily unavailable.', 'unavailable'));
      expect(Number(s.retryAfter)).toBeGreaterThan(0);
    }
    // Served again once Postgres was back: every request sent after that succeeded.
    const after = sent.filter((s) => s.startedAt >= restoredAt);
    expect(after.length).toBeGreaterThan(0);
    expect(after.filter((s) => s.status !== 201)).toEqual([]);

    // Every 201 is in the database whole: deal, contact, request, consent and outbox events.
    const deals = await db.deal.findMany({ include: { contact: true, bookingRequest: true } });
    expect(deals).toHaveLength(ok.length);
    const dealById = new Map(deals.map((d) => [d.id, d]));
    const events = await db.outboxEvent.findMany({ where: { aggregateType: 'deal', type: 'crm.push-booking' } });
    expect(events).toHaveLength(ok.length);
    for (const s of ok) {
      const deal = dealById.get(s.body.request!.dealId);
      expect(deal, s.email).toBeDefined();
      expect(deal?.reference).toBe(s.body.request?.reference);
      expect(deal?.contact?.email).toBe(s.email);
      expect(deal?.bookingRequest).not.toBeNull();
      expect(events.filter((e) => e.aggregateId === deal?.id)).toHaveLength(1);
    }
    expect(await db.bookingRequest.count()).toBe(ok.length);
    expect(await db.smsConsent.count()).toBe(ok.length);
    // The "request received" text (one: every form here has the same phone) with its event.
    const texts = await db.smsMessage.findMany({ select: { id: true } });
    const textEvents = await db.outboxEvent.findMany({ where: { type: 'sms.send' } });
    expect(texts).toHaveLength(1);
    expect(textEvents.map((e) => e.aggregateId)).toEqual(texts.map((t) => t.id));
    // Nothing of a refused request: not even its contact.
    const refusedEmails = new Set(refused.map((s) => s.email));
    expect((await db.contact.findMany({ select: { email: true } })).filter((c) => refusedEmails.has(c.email))).toEqual([]);

    // A dropped database is expected weather: one warning, no error (let alone a 500's stack).
    expect(logs.filter((l) => l.level >= 50)).toEqual([]);
    expect(logs.filter((l) => l.msg === 'database unavailable: answering 503')).toHaveLength(1);

    const readyAgain = await fetch(`${api.url}/readyz`);
    expect(readyAgain.status).toBe(200);
  }, 20_000);
});
