import nodemailer from 'nodemailer';
import { afterEach, describe, expect, it } from 'vitest';
import { classifyMailError, createMailTransport, type MailTransport, type OutgoingMail } from '@app/worker/email/mail-transport';
import { TEST_SENDER_DOMAIN, smtpUrlOf, useMailEmulator } from './test-emulator';

// The mail emulator as a contract: what a provider's SMTP submission port takes and refuses,
// driven through the worker's own transport (nodemailer), and what its inbox then shows.
describe('mail emulator: the SMTP submission contract', () => {
  const emulator = useMailEmulator();
  const transports: MailTransport[] = [];
  const transport = (smtpUrl = smtpUrlOf(emulator())) => {
    const made = createMailTransport({ smtpUrl, verifyTls: false, timeoutMs: 5_000 });
    transports.push(made);
    return made;
  };
  afterEach(() => {
    for (const made of transports.splice(0)) made.close();
  });

  let serial = 0;
  const mail = (overrides: Partial<OutgoingMail> = {}): OutgoingMail => ({
    messageId: `<notice-${++serial}@${TEST_SENDER_DOMAIN}>`,
    from: `Atlanta Home Cleaning <hello@${TEST_SENDER_DOMAIN}>`,
    to: 'dana@customer.example',
    subject: 'Your request is in',
    text: 'Reference AHC-1234.',
    html: '<p>Reference <strong>AHC-1234</strong>.</p>',
    date: new Date('2026-12-02T15:00:00Z'),
    ...overrides,
  });
  const failureOf = async (sending: Promise<unknown>) => classifyMailError(await sending.then(() => expect.unreachable('it was sent'), (error: unknown) => error));

  it('takes a message over STARTTLS with a login and shows it as the customer would get it', async () => {
    const sent = await transport().send(mail({ headers: { 'List-Unsubscribe': '<https://cleaning.example/u/abc>', 'List-Unsubscribe-Post': 'List-Unsubscribe=One-Click' } }));
    expect(sent.response).toMatch(/^250 /);
    const [got] = emulator().messages({ to: 'DANA@customer.example' });
    expect(got).toMatchObject({
      messageId: `<notice-${serial}@${TEST_SENDER_DOMAIN}>`,
      envelopeFrom: `hello@${TEST_SENDER_DOMAIN}`,
      envelopeTo: ['dana@customer.example'],
      subject: 'Your request is in',
      text: 'Reference AHC-1234.',
      html: '<p>Reference <strong>AHC-1234</strong>.</p>',
      unsubscribe: { url: 'https://cleaning.example/u/abc', oneClick: true },
      copies: 1,
    });
    expect(new Date(got!.headers.date!).toISOString()).toBe('2026-12-02T15:00:00.000Z');

    const inbox = await (await fetch(`${emulator().url}/`)).text();
    expect(inbox).toContain(`href="/messages/${got!.id}"`);
    const page = await fetch(`${emulator().url}/messages/${got!.id}`);
    expect(page.headers.get('content-security-policy')).toContain("default-src 'none'");
    // The message's HTML is shown in a frame without scripts, escaped into its srcdoc.
    expect(await page.text()).toContain('<iframe title="The message" sandbox srcdoc="&lt;p&gt;Reference &lt;strong&gt;AHC-1234');
  });

  it('refuses a wrong login (535) and a sender outside the verified domains (554): neither heals by retrying', async () => {
    const wrongLogin = await failureOf(transport(smtpUrlOf(emulator(), { username: 'test-mail-user', password: 'nope' })).send(mail()));
    expect(wrongLogin).toMatchObject({ kind: 'permanent', status: 535 });
    const unverified = await failureOf(transport().send(mail({ from: 'hello@elsewhere.example' })));
    expect(unverified).toMatchObject({ kind: 'permanent', status: 554, message: expect.stringContaining('not on a verified domain') });
    expect(emulator().messages()).toEqual([]);
  });

  it('refuses to log in before STARTTLS, so no password travels in clear text', async () => {
    const plain = nodemailer.createTransport({ host: emulator().smtpHost, port: emulator().smtpPort, ignoreTLS: true, auth: { user: 'test-mail-user', pass: 'test-mail-password' } });
    const error = (await plain.sendMail({ from: `hello@${TEST_SENDER_DOMAIN}`, to: 'dana@customer.example', text: 'x' }).catch((e: unknown) => e)) as { responseCode?: number };
    expect(error.responseCode).toBe(538);
    expect(emulator().messages()).toEqual([]);
  });

  it('refuses a message without a Message-ID (Gmail does) and one over 10 MB', async () => {
    const raw = nodemailer.createTransport({ host: emulator().smtpHost, port: emulator().smtpPort, requireTLS: true, tls: { rejectUnauthorized: false }, auth: { user: 'test-mail-user', pass: 'test-mail-password' } });
    const noId = (await raw
      .sendMail({ envelope: { from: `hello@${TEST_SENDER_DOMAIN}`, to: ['dana@customer.example'] }, raw: `From: hello@${TEST_SENDER_DOMAIN}\r\nTo: dana@customer.example\r\nDate: Wed, 02 Dec 2026 15:00:00 +0000\r\nSubject: x\r\n\r\nbody\r\n` })
      .catch((e: unknown) => e)) as { responseCode?: number; response?: string };
    expect(noId.responseCode).toBe(550);
    expect(noId.response).toContain('Message-ID');
    raw.close();

    const huge = await failureOf(transport().send(mail({ text: 'x'.repeat(11 * 1024 * 1024) })));
    expect(huge).toMatchObject({ kind: 'permanent', status: 552 });
    expect(emulator().messages()).toEqual([]);
  });

  it('says what a mailbox makes of an unsubscribe link that is not one-click', async () => {
    await transport().send(mail({ headers: { 'List-Unsubscribe': '<http://127.0.0.1:5173/u/abc>', 'List-Unsubscribe-Post': 'List-Unsubscribe=One-Click' } }));
    expect(emulator().messages()[0]!.unsubscribe).toEqual({ url: null, oneClick: false, problem: 'List-Unsubscribe has no HTTPS link' });
  });

  it('fails on request: a refused connection and a 451 are transient, and a lost answer makes a resend one message', async () => {
    emulator().addFault({ kind: 'refuse-connection' });
    expect(await failureOf(transport().send(mail()))).toMatchObject({ kind: 'transient' });
    emulator().addFault({ kind: 'temporary-failure' });
    expect(await failureOf(transport().send(mail()))).toMatchObject({ kind: 'transient', reason: expect.stringContaining('SMTP 451') });
    expect(emulator().messages()).toEqual([]);

    emulator().addFault({ kind: 'lost-answer' });
    const once = mail();
    expect(await failureOf(transport().send(once))).toMatchObject({ kind: 'transient' });
    await transport().send(once);
    expect(emulator().messages()).toEqual([expect.objectContaining({ messageId: once.messageId, copies: 2 })]);
  });

  it('ends open sessions when it starts refusing connections, as a provider going down does; its id list counts each Message-ID once', async () => {
    const pooled = transport();
    await pooled.send(mail());
    emulator().addFault({ kind: 'refuse-connection' });
    expect(await failureOf(pooled.send(mail()))).toMatchObject({ kind: 'transient' });
    const again = mail();
    emulator().addFault({ kind: 'lost-answer' });
    await pooled.send(again).catch(() => undefined);
    await pooled.send(again);
    const res = await fetch(`${emulator().url}/_emulator/message-ids`);
    const { messages } = (await res.json()) as { messages: Array<{ messageId: string; copies: number; envelopeTo: string[] }> };
    expect(messages.map(({ messageId, copies }) => ({ messageId, copies }))).toEqual([
      { messageId: again.messageId, copies: 2 },
      { messageId: `<notice-${serial - 2}@${TEST_SENDER_DOMAIN}>`, copies: 1 },
    ]);
  });
});
