import { randomBytes, randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { COMPLAINT_REASON, resumeEmail } from '@app/db/email-suppression';
import { emailCounts } from '@app/db/email-counters';
import { EMULATOR_DEFAULTS } from '@app/runtime/emulator-defaults';
import { EMAIL_EVENTS_PATH } from '@app/shared/routes';
import { mailgunSignature } from '@app/emulators/mail/webhook-events';
import { type TestApi, startTestApi, uniqueEmail } from '../../../../test/api-server';

const KEY = EMULATOR_DEFAULTS.EMAIL_WEBHOOK_SIGNING_KEY;
const BOUNCE_WORDS = '5.1.1 The email account that you tried to reach does not exist.';

/** A report in Mailgun's format about `to`, signed under `key` at `signedAt` (seconds since 1970). */
function report(eventData: Record<string, unknown>, options: { key?: string; signedAt?: number; token?: string } = {}) {
  const timestamp = String(options.signedAt ?? Math.floor(Date.now() / 1000));
  const token = options.token ?? randomBytes(25).toString('hex');
  return { signature: { timestamp, token, signature: mailgunSignature(options.key ?? KEY, timestamp, token) }, 'event-data': eventData };
}

/** Mailgun's event-data for our e-mail `emailId` to `to` (its Message-ID without angle brackets, as Mailgun reports it). */
function event(event: string, to: string, emailId: string | null, extra: Record<string, unknown> = {}, secondsAgo = 0) {
  return {
    id: randomBytes(8).toString('hex'),
    event,
    timestamp: Date.now() / 1000 - secondsAgo,
    recipient: to,
    message: { headers: { 'message-id': emailId ? `${emailId}@cleaning.example` : 'someone-else@elsewhere.example', to, subject: 'Reminder' } },
    ...extra,
  };
}
const hardBounce = (to: string, emailId: string | null, secondsAgo = 0) =>
  event('failed', to, emailId, { severity: 'permanent', reason: 'bounce', 'delivery-status': { code: 550, 'enhanced-code': '5.1.1', message: BOUNCE_WORDS, description: '' } }, secondsAgo);

// The e-mail provider's webhook (Mailgun's format) against the real api and Postgres, signed as the
// mail emulator signs it. The api reads the real clock: the signatures carry the real time.
describe('POST /api/email/events', () => {
  let api: TestApi;
  beforeAll(async () => {
    api = await startTestApi('email-events', { now: () => new Date() });
  });
  afterAll(() => api.close());

  const post = (body: unknown) => api.post(EMAIL_EVENTS_PATH, body);
  const suppression = (address: string) => api.db.emailSuppression.findUnique({ where: { address } });
  const row = (id: string) => api.db.emailMessage.findUniqueOrThrow({ where: { id }, select: { status: true, delivery: true, deliveryDetail: true, deliveryReportedAt: true } });
  const counted = async (event: string) => (await emailCounts(api.db)).find((c) => c.event === event && c.kind === 'quote_ready')?.count ?? 0;
  /** An e-mail the worker sent to `to` (a quote: no other test file's kind, so the counts here are this file's). */
  async function sentEmail(to: string) {
    const { id } = await api.db.emailMessage.create({ data: { id: randomUUID(), purpose: 'quote_ready', to, status: 'sent', sentAt: new Date() }, select: { id: true } });
    return id;
  }

  it('takes a signed hard bounce: the address gets no more e-mail, the e-mail says why, once however often it is reported', async () => {
    const to = uniqueEmail('gone');
    const emailId = await sentEmail(to.toUpperCase());
    const before = await counted('bounced');
    const res = await post(report(hardBounce(to, emailId)));
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual({ received: 'bounced' });
    const stopped = await suppression(to);
    expect(stopped).toMatchObject({ bouncedAt: expect.any(Date), complainedAt: null, reason: `550 ${BOUNCE_WORDS}` });
    expect(await row(emailId)).toMatchObject({ status: 'sent', delivery: 'bounced', deliveryDetail: `550 ${BOUNCE_WORDS}` });
    expect(await counted('bounced')).toBe(before + 1);

    // The provider reporting it again (a new signature, the same event) changes nothing more.
    const marked = await row(emailId);
    expect((await post(report(hardBounce(to, emailId)))).status).toBe(200);
    expect(await suppression(to)).toEqual(stopped);
    expect(await row(emailId)).toEqual(marked);
    expect(await counted('bounced')).toBe(before + 1);
  });

  it('takes a complaint, which a later delivery does not lift; a delivery lifts a bounce', async () => {
    const to = uniqueEmail('spam');
    const emailId = await sentEmail(to);
    const before = await counted('complained');
    expect((await post(report(event('complained', to, emailId)))).status).toBe(200);
    expect(await suppression(to)).toMatchObject({ complainedAt: expect.any(Date), bouncedAt: null, reason: COMPLAINT_REASON });
    expect(await row(emailId)).toMatchObject({ delivery: 'complained', deliveryDetail: COMPLAINT_REASON });
    expect(await counted('complained')).toBe(before + 1);
    // The complaint outranks the delivery reported after it, on the e-mail and for the address.
    expect((await post(report(event('delivered', to, emailId)))).status).toBe(200);
    expect(await row(emailId)).toMatchObject({ delivery: 'complained' });
    expect(await suppression(to)).toMatchObject({ complainedAt: expect.any(Date), reason: COMPLAINT_REASON });

    // A bounce, then an e-mail to the address delivered later: it works again.
    const moved = uniqueEmail('moved');
    const bounced = await sentEmail(moved);
    const later = await sentEmail(moved);
    await post(report(hardBounce(moved, bounced, 60)));
    expect((await suppression(moved))?.bouncedAt).not.toBeNull();
    // A delivery from before the bounce is old news: the bounce stays.
    expect((await post(report(event('delivered', moved, null, {}, 120)))).status).toBe(200);
    expect((await suppression(moved))?.bouncedAt).not.toBeNull();
    expect((await post(report(event('delivered', moved, later, {}, 30)))).status).toBe(200);
    expect(await suppression(moved)).toMatchObject({ bouncedAt: null, complainedAt: null, reason: null });
    expect(await row(later)).toMatchObject({ delivery: 'delivered', deliveryDetail: null });
    expect(await row(bounced)).toMatchObject({ delivery: 'bounced' });
    // The bounce reported late, after that delivery, does not stop the address again.
    await post(report(hardBounce(moved, null, 45)));
    expect((await suppression(moved))?.bouncedAt).toBeNull();
  });

  it('lets a soft bounce, and events it does not act on, pass without stopping anything', async () => {
    const to = uniqueEmail('full');
    const emailId = await sentEmail(to);
    const soft = event('failed', to, emailId, { severity: 'temporary', reason: 'generic', 'delivery-status': { code: 452, message: '4.2.2 Mailbox full' } });
    const res = await post(report(soft));
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual({ received: 'ignored' });
    expect((await post(report({ event: 'opened', timestamp: Date.now() / 1000, recipient: to }))).status).toBe(200);
    expect(await suppression(to)).toBeNull();
    expect(await row(emailId)).toMatchObject({ delivery: null });
  });

  it('refuses a wrong signature, a stale one and a replayed token (401), changing nothing', async () => {
    const to = uniqueEmail('forged');
    const emailId = await sentEmail(to);
    const forged = await post(report(hardBounce(to, emailId), { key: 'not-the-signing-key' }));
    expect(forged.status).toBe(401);
    expect(await forged.json()).toMatchObject({ code: 'signature_invalid' });
    const stale = await post(report(hardBounce(to, emailId), { signedAt: Math.floor(Date.now() / 1000) - 6 * 60 }));
    expect(stale.status).toBe(401);
    expect(await stale.json()).toMatchObject({ code: 'signature_stale' });
    expect(await suppression(to)).toBeNull();

    // A delivery, taken; its request sent again, or its signature put on another body, is refused.
    const delivered = report(event('delivered', to, emailId));
    expect((await post(delivered)).status).toBe(200);
    const marked = await row(emailId);
    const again = await post(delivered);
    expect(again.status).toBe(401);
    expect(await again.json()).toMatchObject({ code: 'signature_replayed' });
    const reused = await post({ signature: delivered.signature, 'event-data': hardBounce(to, emailId) });
    expect(reused.status).toBe(401);
    expect(await suppression(to)).toBeNull();
    expect(await row(emailId)).toEqual(marked);
  });

  it('refuses a body it cannot read with 400 naming the field, changing nothing', async () => {
    const to = uniqueEmail('odd');
    const emailId = await sentEmail(to);
    const fieldOf = async (body: unknown) => {
      const res = await post(body);
      expect(res.status).toBe(400);
      return ((await res.json()) as { field?: string }).field;
    };
    const { recipient: _recipient, ...noRecipient }: Record<string, unknown> = hardBounce(to, emailId);
    expect(await fieldOf(report(noRecipient))).toBe('event-data.recipient');
    const { severity: _severity, ...noSeverity }: Record<string, unknown> = hardBounce(to, emailId);
    expect(await fieldOf(report(noSeverity))).toBe('event-data.severity');
    expect(await fieldOf(report({ ...hardBounce(to, emailId), timestamp: 'yesterday' }))).toBe('event-data.timestamp');
    const signed = report(hardBounce(to, emailId));
    expect(await fieldOf({ ...signed, signature: { ...signed.signature, token: undefined } })).toBe('signature.token');
    expect(await fieldOf({ signature: signed.signature })).toBe('event-data');
    const notJson = await api.post(EMAIL_EVENTS_PATH, '{"signature":');
    expect(notJson.status).toBe(400);
    const form = await fetch(`${api.url}${EMAIL_EVENTS_PATH}`, { method: 'POST', headers: { 'content-type': 'application/x-www-form-urlencoded' }, body: 'event=failed' });
    expect(form.status).toBe(415);
    expect(await suppression(to)).toBeNull();
    expect(await row(emailId)).toMatchObject({ delivery: null });
    // The token of a refused body was not used up: the same report, complete, is taken.
    expect((await post(signed)).status).toBe(200);
  });

  it('resumeEmail: the customer asks for e-mail again, and a bounce and a complaint recorded before are lifted', async () => {
    const to = uniqueEmail('back');
    await sentEmail(to);
    await post(report(hardBounce(to, null, 30)));
    await post(report(event('complained', to, null, {}, 20)));
    await api.db.emailSuppression.update({ where: { address: to }, data: { unsubscribedAt: new Date() } });
    expect(await resumeEmail(api.db, to.toUpperCase(), new Date())).toBe(true);
    // The unsubscribe from reminders and rating requests has its own way back.
    expect(await suppression(to)).toMatchObject({ bouncedAt: null, complainedAt: null, reason: null, unsubscribedAt: expect.any(Date) });
    expect(await resumeEmail(api.db, to, new Date())).toBe(false);
    expect(await resumeEmail(api.db, uniqueEmail('never-bounced'), new Date())).toBe(false);
  });
});
