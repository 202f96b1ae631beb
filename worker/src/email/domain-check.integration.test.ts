import { afterAll, describe, expect, it } from 'vitest';
import { smtpUrlOf, useMailEmulator } from '@app/emulators/mail/test-emulator';
import { checkSendingDomain, checkSmtpLogin, type TxtResolver } from './domain-check';
import { createMailTransport, type MailTransport } from './mail-transport';

// `npm run email:check`'s checks: the login against the mail emulator, the records from a zone
// given here (these machines reach no DNS).
describe('email:check', () => {
  const mail = useMailEmulator();
  const transports: MailTransport[] = [];
  afterAll(() => transports.forEach((t) => t.close()));
  const transport = (login?: { username: string; password: string }) => {
    const made = createMailTransport({ smtpUrl: smtpUrlOf(mail(), login), verifyTls: false, timeoutMs: 5_000 });
    transports.push(made);
    return made;
  };

  it('logs in without sending, and names a refused login', async () => {
    expect(await checkSmtpLogin(transport())).toMatchObject({ ok: true });
    expect(await checkSmtpLogin(transport({ username: 'test-mail-user', password: 'wrong' }))).toMatchObject({ ok: false, detail: expect.stringContaining('535') });
    expect(mail().messages()).toEqual([]);
  });

  const zone = (records: Record<string, string[]>): TxtResolver => async (name) => {
    if (!(name in records)) throw Object.assign(new Error('no data'), { code: 'ENODATA' });
    return records[name]!.map((record) => [record]);
  };

  it("checks SPF names the provider and DMARC exists, and says when DNS is out of reach", async () => {
    const good = await checkSendingDomain(zone({ 'cleaning.example': ['v=spf1 include:spf.mtasv.net ~all'], '_dmarc.cleaning.example': ['v=DMARC1; p=none'] }), 'cleaning.example', 'postmark');
    expect(good.map((l) => [l.what, l.ok])).toEqual([['SPF', true], ['DMARC', true], ['DKIM', null]]);
    const wrong = await checkSendingDomain(zone({ 'cleaning.example': ['v=spf1 include:_spf.google.com ~all'] }), 'cleaning.example', 'ses');
    expect(wrong.slice(0, 2).map((l) => [l.what, l.ok, l.detail])).toEqual([
      ['SPF', false, "cleaning.example's record does not name include:amazonses.com: v=spf1 include:_spf.google.com ~all"],
      ['DMARC', false, expect.stringContaining('no "v=DMARC1" TXT record on _dmarc.cleaning.example')],
    ]);
    const offline: TxtResolver = async () => {
      throw Object.assign(new Error('timeout'), { code: 'ETIMEOUT' });
    };
    expect((await checkSendingDomain(offline, 'cleaning.example', 'other')).map((l) => l.ok)).toEqual([null, null, null]);
  });
});
