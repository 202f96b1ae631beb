import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { TEST_SENDER_DOMAIN, smtpUrlOf, useMailEmulator } from '@app/emulators/mail/test-emulator';
import { DEV_STAFF_EMAIL_DOMAIN } from '@app/emulators/oidc/provider';
import { createLogger } from '@app/runtime/logger';
import { STAGE } from '@app/shared/deal-stages';
import { EMAIL_SKIP_REASONS, emailSendJob } from '@app/worker/email/email-send';
import { createMailTransport, type MailTransport } from '@app/worker/email/mail-transport';
import { TEST_OTP_SECRET, TestBrowser } from '../../../../test/portal-app';
import { staffSignIn, startStaffApi, type StaffApi } from '../../../../test/staff-app';
import { addDeal } from '../../../../test/staff-fixtures';

/** 9:00 in Atlanta (EST) on Thursday, December 10, 2026. */
const START = new Date('2026-12-10T14:00:00Z');
const MINUTE = 60_000;
const log = createLogger({ service: 'on-my-way-email-test', level: 'silent', format: 'json' });
const company = { name: 'Atlanta Home Cleaning', phone: '(404) 555-0100', address: '12 Peachtree St NE, Atlanta, GA 30303', email: `hello@${TEST_SENDER_DOMAIN}`, websiteUrl: 'https://www.cleaning.example' };
const unique = () => randomBytes(4).toString('hex');

/**
 * "On my way" by e-mail (docs/cleaner-day.md#the-customers-text): the tap writes one notice with
 * its text and its e-mail to the booking's address; the worker's email.send job delivers it to the
 * mail emulator with the window's words, once, and not after the window.
 */
describe('on my way, by e-mail beside the text', () => {
  const mail = useMailEmulator();
  let api: StaffApi;
  let cleaner: TestBrowser;
  let ownerId: string;
  let transport: MailTransport | undefined;

  beforeAll(async () => {
    api = await startStaffApi('on-my-way-email', START);
    const owner = await api.db.owner.create({
      data: { hubspotId: `owner-${unique()}`, firstName: 'Maria', lastName: 'Cleaner', email: `maria.${unique()}@${DEV_STAFF_EMAIL_DOMAIN}`, isCleaner: true, active: true },
    });
    ownerId = owner.id;
    cleaner = new TestBrowser(api.url);
    expect((await staffSignIn(api, cleaner, { loginHint: owner.email! })).landing).toBe('/cleaner');
  });
  afterAll(async () => {
    transport?.close();
    await api?.close();
  });

  /** Today's 9:00 cleaning of Maria's, for a customer with this phone and an e-mail. */
  const cleaning = async (phone = `+1404555${String(Math.floor(Math.random() * 10_000)).padStart(4, '0')}`) => {
    const contact = await api.db.contact.create({ data: { email: `c.${unique()}@example.com`, firstName: 'Pat', phone } });
    const deal = await addDeal(api.db, {
      stageId: STAGE.CLEANING_SCHEDULED, scheduledAt: START, ownerId, contactId: contact.id, serviceType: 'basic-1500', hubspotId: `hs-${unique()}`, hubspotUpdatedAt: new Date('2026-12-09T12:00:00Z'),
    });
    return { ...deal, email: contact.email, phone };
  };
  const onMyWay = (dealId: string, minutes = 15) => cleaner.post(`/api/cleaner/deals/${dealId}/on-my-way`, { minutes });
  const notices = (dealId: string) => api.db.customerNotice.findMany({ where: { dealId, kind: 'on_my_way' }, include: { texts: true, emails: true } });
  const send = (emailId: string, at: Date) => {
    transport ??= createMailTransport({ smtpUrl: smtpUrlOf(mail()), verifyTls: false, timeoutMs: 5_000 });
    const job = emailSendJob({
      db: api.db, transport, from: `Atlanta Home Cleaning <hello@${TEST_SENDER_DOMAIN}>`, company, publicUrl: 'https://www.cleaning.example',
      portalUrl: 'https://www.cleaning.example/login', otpSecret: TEST_OTP_SECRET, now: () => at,
    });
    return job.process({ emailId }, { log, jobId: emailId, attempt: 1 });
  };

  it('writes one notice with its text and its e-mail, once per visit; the e-mail goes with the window in Eastern time', async () => {
    const deal = await cleaning();
    expect((await onMyWay(deal.id)).status).toBe(200);
    expect((await onMyWay(deal.id, 30)).status).toBe(200);
    const [notice, ...more] = await notices(deal.id);
    expect(more).toEqual([]);
    expect(notice).toMatchObject({ dedupeKey: `on_my_way:${deal.id}`, subject: {} });
    expect(notice!.texts).toEqual([expect.objectContaining({ purpose: 'on_my_way', to: deal.phone, dedupeKey: `on_my_way:${deal.id}` })]);
    expect(notice!.emails).toEqual([expect.objectContaining({ purpose: 'on_my_way', to: deal.email, status: 'queued' })]);
    const email = notice!.emails[0]!;
    expect(await api.db.outboxEvent.findMany({ where: { type: 'email.send', aggregateId: email.id }, select: { payload: true } })).toEqual([{ payload: { emailId: email.id } }]);

    expect(await send(email.id, new Date(START.getTime() + MINUTE))).toEqual({ sent: true });
    expect(await send(email.id, new Date(START.getTime() + MINUTE))).toEqual({ skipped: 'not_queued' });
    const [received, ...others] = mail().messages({ to: deal.email });
    expect(others).toEqual([]);
    expect(received).toMatchObject({ subject: 'Maria is on the way', messageId: `<${email.id}@${TEST_SENDER_DOMAIN}>`, copies: 1, unsubscribe: null });
    expect(received!.text).toContain('Maria is on the way and should arrive between 9:10 AM and 9:20 AM ET.');
  });

  it('e-mails the address of a phone that opted out, and drops an e-mail that could only go after the window', async () => {
    const deal = await cleaning('+14045550188');
    await api.db.smsOptOut.create({ data: { phone: deal.phone, source: 'keyword', keyword: 'STOP' } });
    expect(await (await onMyWay(deal.id, 10)).json()).toMatchObject({ texted: false });
    const [notice] = await notices(deal.id);
    expect(notice!.texts).toEqual([]);
    const [email] = notice!.emails;
    expect(email).toMatchObject({ to: deal.email, status: 'queued' });

    // The window (9:05 to 9:15) has ended when the job gets to it: nothing goes, the row says why.
    expect(await send(email!.id, new Date(START.getTime() + 15 * MINUTE))).toEqual({ skipped: 'stale' });
    expect(await api.db.emailMessage.findUniqueOrThrow({ where: { id: email!.id } })).toMatchObject({ status: 'canceled', errorMessage: EMAIL_SKIP_REASONS.stale });
    expect(mail().messages({ to: deal.email })).toEqual([]);
  });
});
