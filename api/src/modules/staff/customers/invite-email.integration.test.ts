import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createLogger } from '@app/runtime/logger';
import { TEST_SENDER_DOMAIN, smtpUrlOf, useMailEmulator } from '@app/emulators/mail/test-emulator';
import { portalInviteSms } from '@app/shared/texts';
import { EMAIL_SKIP_REASONS, emailSendJob } from '@app/worker/email/email-send';
import { createMailTransport, type MailTransport } from '@app/worker/email/mail-transport';
import { createCustomer, TestBrowser } from '../../../../../test/portal-app';
import { staffSignIn, startStaffApi, type StaffApi } from '../../../../../test/staff-app';

const START = new Date('2026-12-07T15:00:00Z');
const PUBLIC_URL = 'https://www.cleaning.example';
const company = { name: 'Atlanta Home Cleaning', phone: '(404) 555-0100', address: '12 Peachtree St NE, Atlanta, GA 30303', email: `hello@${TEST_SENDER_DOMAIN}`, websiteUrl: PUBLIC_URL };
const log = createLogger({ service: 'invite-email-test', level: 'silent', format: 'json' });

describe('a staff invite to the portal, by text and by e-mail', () => {
  const mail = useMailEmulator();
  let api: StaffApi;
  let staff: TestBrowser;
  let transport: MailTransport | undefined;

  beforeAll(async () => {
    api = await startStaffApi('invite-email', START);
    staff = new TestBrowser(api.url);
    await staffSignIn(api, staff);
  });
  afterAll(async () => {
    transport?.close();
    await api.close();
  });

  /** The worker's email.send job, as it runs the row's event, against the mail emulator. */
  const send = (emailId: string) => {
    transport ??= createMailTransport({ smtpUrl: smtpUrlOf(mail()), verifyTls: false, timeoutMs: 5_000 });
    const job = emailSendJob({ db: api.db, transport, from: `${company.name} <hello@${TEST_SENDER_DOMAIN}>`, company, publicUrl: PUBLIC_URL, portalUrl: `${PUBLIC_URL}/login`, otpSecret: 'o'.repeat(32), now: api.clock.now });
    return job.process({ emailId }, { log, jobId: emailId, attempt: 1 });
  };
  const noticesOf = (contactId: string) => api.db.customerNotice.findMany({ where: { kind: 'portal_invite', subject: { path: ['contactId'], equals: contactId } }, include: { emails: true, texts: true }, orderBy: { createdAt: 'asc' } });

  it('plans one notice per invite: the text as before, and an e-mail with the sign-in link', async () => {
    const contact = await createCustomer(api.db, { with: 'nothing' });
    expect((await staff.post('/api/internal/admin/invites', { contactId: contact.id })).status).toBe(201);

    const [notice, ...more] = await noticesOf(contact.id);
    expect(more).toEqual([]);
    expect(notice).toMatchObject({ dealId: null, subject: { contactId: contact.id, invitedAt: START.toISOString() }, dedupeKey: `portal_invite:${contact.id}:${START.toISOString()}` });
    // The text is today's staff invite, now named as the notice's text delivery.
    expect(notice!.texts).toEqual([expect.objectContaining({ purpose: 'staff_invite', to: contact.phone, status: 'queued' })]);
    const [email] = notice!.emails;
    expect(notice!.emails).toHaveLength(1);
    expect(email).toMatchObject({ purpose: 'portal_invite', to: contact.email, dealId: null, status: 'queued' });
    const events = await api.db.outboxEvent.findMany({ where: { type: 'email.send', aggregateId: email!.id } });
    expect(events).toEqual([expect.objectContaining({ payload: { emailId: email!.id }, aggregateType: 'email_message' })]);

    // Dispatched twice (a redelivered job): one e-mail.
    expect(await send(email!.id)).toEqual({ sent: true });
    expect(await send(email!.id)).toEqual({ skipped: 'not_queued' });
    const [received, ...others] = mail().messages({ to: contact.email });
    expect(others).toEqual([]);
    expect(received).toMatchObject({ subject: `Your ${company.name} customer portal`, messageId: `<${email!.id}@${TEST_SENDER_DOMAIN}>`, copies: 1, unsubscribe: null });
    expect(received!.text).toContain(`Hi Pat, your ${company.name} portal is ready`);
    expect(received!.text).toContain(`${PUBLIC_URL}/login`);
    expect(await api.db.emailMessage.findUniqueOrThrow({ where: { id: email!.id } })).toMatchObject({ status: 'sent', subject: received!.subject });
    // The text's words are unchanged (worker/src/jobs/sms-send.ts writes them from the row).
    expect(portalInviteSms(company.name, `${PUBLIC_URL}/login`)).toBe(`You're invited to the ${company.name} customer portal. Sign in with your e-mail and this phone number at ${PUBLIC_URL}/login`);
  });

  it('sends a new invite its own e-mail, and not the one an earlier invite left waiting', async () => {
    const contact = await createCustomer(api.db, { with: 'nothing' });
    await staff.post('/api/internal/admin/invites', { contactId: contact.id });
    api.clock.advance(60_000);
    await staff.post('/api/internal/admin/invites', { contactId: contact.id });

    const notices = await noticesOf(contact.id);
    expect(notices.map((n) => n.emails.length)).toEqual([1, 1]);
    const [first, second] = notices.map((n) => n.emails[0]!.id);
    expect(await send(first!)).toEqual({ skipped: 'stale' });
    expect(await api.db.emailMessage.findUniqueOrThrow({ where: { id: first! } })).toMatchObject({ status: 'canceled', errorMessage: EMAIL_SKIP_REASONS.stale });
    expect(await send(second!)).toEqual({ sent: true });
    expect(mail().messages({ to: contact.email })).toHaveLength(1);

    // Suspended before it went: no invite to a portal they cannot enter.
    api.clock.advance(60_000);
    await staff.post('/api/internal/admin/invites', { contactId: contact.id });
    await api.db.contact.update({ where: { id: contact.id }, data: { suspended: true } });
    const third = (await noticesOf(contact.id)).at(-1)!.emails[0]!.id;
    expect(await send(third)).toEqual({ skipped: 'stale' });
  });

  it('writes no notice when the invite is refused', async () => {
    const contact = await createCustomer(api.db, { with: 'nothing' });
    await api.db.contact.update({ where: { id: contact.id }, data: { phone: null } });
    expect((await staff.post('/api/internal/admin/invites', { contactId: contact.id })).status).toBe(422);
    expect(await noticesOf(contact.id)).toEqual([]);
  });
});
