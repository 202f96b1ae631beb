import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { unsubscribeEmail } from '@app/db/email-unsubscribe';
import { writeNoticeText, type NoticeToWrite } from '@app/worker/crm/notice-repository';
import { recordEmailCanceled, recordEmailFailed, recordEmailSent } from '@app/worker/email/email-message-repository';
import { EMAIL_SKIP_REASONS } from '@app/worker/email/email-send';
import { recordDeliveryReport } from '../../email-events/repository';
import { recordAccepted, recordCanceled } from '@app/worker/sms/sms-message-repository';
import { bookingRequestBody } from '@app/shared/booking-request-fixture';
import { SENT_NOTICES_CURSOR_ERROR, SENT_NOTICES_PAGE, sentNoticesSchema, type SentNotices } from '@app/shared/sent-notices';
import { TEXTS_NOT_AGREED_REASON } from '@app/shared/sms-consent';
import { createCustomer, TestBrowser, type TestCustomer } from '../../../../../test/portal-app';
import { staffSignIn, startStaffApi, type StaffApi } from '../../../../../test/staff-app';

const START = new Date('2026-12-16T15:00:00Z');
const DAY = 86_400_000;
const POLICY = { off: new Set<never>(), reminderLeadMs: DAY, sendable: (at: Date) => at };
const path = (contactId: string, before?: string) => `/api/internal/admin/customers/${contactId}/notices${before ? `?before=${encodeURIComponent(before)}` : ''}`;

/**
 * "What we sent" on the staff customer page: each notice to the customer, newest first, with what
 * became of its text and its e-mail and why one was not sent, as the senders recorded it (their
 * own repository functions write the states here), and where e-mail to the address stands.
 */
describe('staff API: what we sent a customer', () => {
  let api: StaffApi;
  let staff: TestBrowser;

  beforeAll(async () => {
    api = await startStaffApi('sent-notices', START);
    staff = new TestBrowser(api.url);
    expect((await staffSignIn(api, staff)).landing).toBe('/admin/dashboard');
  });
  afterAll(() => api.close());

  async function listOf(contactId: string, before?: string): Promise<SentNotices> {
    const res = await staff.request(path(contactId, before));
    expect(res.status, await res.clone().text()).toBe(200);
    expect(res.headers.get('cache-control')).toBe('private, no-store');
    return sentNoticesSchema.parse(await res.json());
  }
  /** A notice as the CRM pull writes it, in its own transaction; its text's and e-mail's ids. */
  async function notice(customer: TestCustomer, dealId: string, kind: NoticeToWrite['kind'], scheduledAt: Date, dueAt = START) {
    await api.db.$transaction((tx) => writeNoticeText(tx, POLICY, { kind, dealId, to: customer.phone, email: customer.email, subject: { scheduledAt: scheduledAt.toISOString() }, dueAt }));
    const key = `${kind}:${dealId}:${scheduledAt.toISOString()}`;
    const row = await api.db.customerNotice.findUniqueOrThrow({ where: { dedupeKey: key }, select: { id: true, texts: { select: { id: true } }, emails: { select: { id: true } } } });
    return { id: row.id, textId: row.texts[0]!.id, emailId: row.emails[0]!.id };
  }
  async function dealOf(customer: TestCustomer): Promise<{ id: string; reference: string }> {
    return api.db.deal.findFirstOrThrow({ where: { contact: { email: customer.email } }, select: { id: true, reference: true }, orderBy: { createdAt: 'desc' } });
  }

  it('refuses a customer that does not exist, and a page cursor it did not give (naming the field)', async () => {
    const missing = await staff.request(path('no-such-customer'));
    expect(missing.status).toBe(404);
    const customer = await createCustomer(api.db, { with: 'nothing' });
    const bad = await staff.request(path(customer.id, 'yesterday'));
    expect(bad.status).toBe(400);
    expect(await bad.json()).toMatchObject({ code: 'validation_failed', field: 'before', error: SENT_NOTICES_CURSOR_ERROR });
  });

  it("lists each notice newest first, each channel's state and why one was not sent, and the address's standing; another customer's never", async () => {
    const customer = await createCustomer(api.db, { with: 'nothing' });
    const other = await createCustomer(api.db, { with: 'nothing' });
    // A booking on the form with the text box unticked: its "request received" goes by e-mail only.
    const booked = await new TestBrowser(api.url).post('/api/hubspot/portal/requestBooking', bookingRequestBody({ email: customer.email, phone: customer.phone, textsAgreed: false }, START));
    expect(booked.status).toBe(201);
    const deal = await dealOf(customer);
    const received = await api.db.emailMessage.findFirstOrThrow({ where: { dealId: deal.id, purpose: 'request_received' }, select: { id: true } });
    await recordEmailSent(api.db, received.id, { subject: 'We got your request', providerResponse: '250 2.0.0 Ok', sender: 'Company <hello@example.com>', messageId: `<${received.id}@example.com>`, textBody: 'We got your request.' }, START);

    // Confirmed: the text went, the e-mail was refused for good.
    const at = new Date(START.getTime() + 5 * DAY);
    const confirmed = await notice(customer, deal.id, 'cleaning_confirmed', at);
    await recordAccepted(api.db, confirmed.textId, { sid: `SM${randomUUID().replace(/-/g, '')}`, body: 'Your cleaning is confirmed.', hubspotLog: false }, START);
    await recordEmailFailed(api.db, confirmed.emailId, { code: 550, message: 'Mailbox unavailable' }, START);
    // Its reminder: the text not sent (the customer did not agree), the e-mail waiting for its day.
    const remindAt = new Date(at.getTime() - DAY);
    const reminder = await notice(customer, deal.id, 'reminder', at, remindAt);
    await recordCanceled(api.db, reminder.textId, TEXTS_NOT_AGREED_REASON, START);
    // A notice that goes by e-mail only, canceled because the address was unsubscribed.
    await unsubscribeEmail(api.db, customer.email, START);
    const rescheduled = await notice(customer, deal.id, 'rescheduled', new Date(at.getTime() + DAY));
    await recordEmailCanceled(api.db, rescheduled.emailId, EMAIL_SKIP_REASONS.unsubscribed, START);
    // Someone else's notice, on their own deal.
    await new TestBrowser(api.url).post('/api/hubspot/portal/requestBooking', bookingRequestBody({ email: other.email, phone: other.phone }, START));
    await notice(other, (await dealOf(other)).id, 'cleaning_confirmed', at);

    const list = await listOf(customer.id);
    expect(list.email).toEqual({ address: customer.email, suppression: { unsubscribedAt: START.toISOString(), bouncedAt: null, complainedAt: null, reason: null } });
    expect(list.next).toBeNull();
    const byKind = Object.fromEntries(list.notices.map((n) => [n.kind, n]));
    expect(list.notices.map((n) => n.kind).sort()).toEqual(['cleaning_confirmed', 'reminder', 'request_received', 'rescheduled']);
    expect(byKind.request_received).toMatchObject({
      label: 'Request received',
      deal,
      text: { state: 'none', to: null, reason: expect.stringContaining('the booking left the text box unticked') },
      email: { state: 'sent', to: customer.email, reason: null },
    });
    expect(byKind.cleaning_confirmed).toMatchObject({
      label: 'Cleaning confirmed',
      text: { state: 'sent', to: customer.phone, at: START.toISOString(), reason: null },
      email: { state: 'failed', to: customer.email, reason: 'Mail server 550: Mailbox unavailable' },
    });
    expect(byKind.reminder).toMatchObject({
      label: 'Reminder',
      text: { state: 'not_sent', reason: 'the customer did not agree to texts on the booking form.' },
      email: { state: 'waiting', at: remindAt.toISOString(), reason: null },
    });
    expect(byKind.rescheduled?.email).toMatchObject({ state: 'not_sent', reason: 'the customer unsubscribed from reminders and rating requests.' });
    expect(byKind.rescheduled?.text).toMatchObject({ state: 'waiting' });

    // Newest first (ties of one moment by id), as the table orders them.
    const rows = await api.db.customerNotice.findMany({ where: { id: { in: list.notices.map((n) => n.id) } }, orderBy: [{ createdAt: 'desc' }, { id: 'desc' }], select: { id: true } });
    expect(list.notices.map((n) => n.id)).toEqual(rows.map((r) => r.id));

    // The other customer sees only their own.
    expect((await listOf(other.id)).notices.map((n) => n.kind).sort()).toEqual(['cleaning_confirmed', 'request_received']);
  });

  it('names a kind that goes by e-mail only, and one delivered to the address of a deal since gone', async () => {
    const customer = await createCustomer(api.db, { with: 'nothing' });
    const id = randomUUID();
    // As the worker would plan a quote (e-mail only) for a deal deleted since: found by its address.
    await api.db.customerNotice.create({ data: { id, kind: 'quote_ready', dedupeKey: `quote_ready:${id}` } });
    const emailId = randomUUID();
    await api.db.emailMessage.create({ data: { id: emailId, noticeId: id, purpose: 'quote_ready', to: customer.email } });
    await recordEmailCanceled(api.db, emailId, EMAIL_SKIP_REASONS.bounced, START);
    const [quote] = (await listOf(customer.id)).notices;
    expect(quote).toMatchObject({
      id,
      label: 'Quote ready',
      deal: null,
      text: { state: 'none', reason: 'this kind goes by e-mail only.' },
      email: { state: 'not_sent', reason: 'e-mail to this address bounced or was marked as spam.' },
    });
  });

  it("says what the provider reported on each e-mail: delivered, a hard bounce in the receiving server's words, a complaint", async () => {
    const customer = await createCustomer(api.db, { with: 'deal' });
    const deal = await dealOf(customer);
    const reported = new Date(START.getTime() + 60_000);
    const sentAndReported = async (kind: NoticeToWrite['kind'], days: number, delivery: 'delivered' | 'bounced' | 'complained', detail: string | null) => {
      const written = await notice(customer, deal.id, kind, new Date(START.getTime() + days * DAY));
      await recordEmailSent(api.db, written.emailId, { subject: kind, providerResponse: '250 2.0.0 Ok', sender: 'Company <hello@example.com>', messageId: `<${written.emailId}@example.com>`, textBody: kind }, START);
      // As the provider's signed webhook records it (api/src/modules/email-events).
      await recordDeliveryReport(api.db, { emailId: written.emailId, recipient: customer.email.toLowerCase(), delivery, detail, at: reported });
    };
    await sentAndReported('cleaning_confirmed', 5, 'delivered', null);
    await sentAndReported('rescheduled', 6, 'bounced', '550 5.1.1 The email account that you tried to reach does not exist');
    await sentAndReported('reminder', 7, 'complained', 'Marked as spam');
    const byKind = Object.fromEntries((await listOf(customer.id)).notices.map((n) => [n.kind, n.email]));
    expect(byKind.cleaning_confirmed).toEqual({ state: 'delivered', to: customer.email, at: reported.toISOString(), reason: null });
    expect(byKind.rescheduled).toEqual({ state: 'failed', to: customer.email, at: reported.toISOString(), reason: 'it bounced (550 5.1.1 The email account that you tried to reach does not exist).' });
    expect(byKind.reminder).toEqual({ state: 'delivered', to: customer.email, at: reported.toISOString(), reason: 'the customer marked it as spam.' });
  });

  it(`pages ${SENT_NOTICES_PAGE} at a time, newest first, none twice`, async () => {
    const customer = await createCustomer(api.db, { with: 'deal' });
    const deal = await dealOf(customer);
    // One transaction (one moment): the page's order then rests on the ids, as ties do.
    await api.db.$transaction(async (tx) => {
      for (let i = 0; i < SENT_NOTICES_PAGE + 2; i += 1) {
        const subject = { scheduledAt: new Date(START.getTime() + (i + 1) * DAY).toISOString() };
        await writeNoticeText(tx, POLICY, { kind: 'rescheduled', dealId: deal.id, to: customer.phone, email: customer.email, subject, dueAt: START });
      }
    });
    const first = await listOf(customer.id);
    expect(first.notices).toHaveLength(SENT_NOTICES_PAGE);
    expect(first.next).not.toBeNull();
    const second = await listOf(customer.id, first.next!);
    expect(second.notices).toHaveLength(2);
    expect(second.next).toBeNull();
    const ids = [...first.notices, ...second.notices].map((n) => n.id);
    expect(new Set(ids).size).toBe(SENT_NOTICES_PAGE + 2);
    const all = await api.db.customerNotice.findMany({ where: { dealId: deal.id }, orderBy: [{ createdAt: 'desc' }, { id: 'desc' }], select: { id: true } });
    expect(ids).toEqual(all.map((r) => r.id));
  });
});
