// The dev SMS inbox page the emulator serves at its root (what the login page links to in development).
import { describe, expect, it } from 'vitest';
import { basicAuth, TEST_ACCOUNT_SID, TEST_FROM, useTwilioEmulator } from './test-emulator';

const emulator = useTwilioEmulator();

describe('Twilio emulator dev SMS inbox', () => {
  it('serves the inbox page at / and /inbox, which reads the messages from the same origin', async () => {
    for (const path of ['/', '/inbox']) {
      const response = await fetch(`${emulator().url}${path}`);
      expect(response.status).toBe(200);
      expect(response.headers.get('content-type')).toBe('text/html; charset=utf-8');
      const html = await response.text();
      expect(html).toContain('<title>Dev SMS inbox</title>');
      expect(html).toContain("fetch('/_emulator/messages'");
    }
  });

  it('leaves every other path to the Twilio API, which asks for credentials first', async () => {
    const response = await fetch(`${emulator().url}/nothing-here`);
    expect(response.status).toBe(401);
    expect(await response.json()).toMatchObject({ code: 20003, status: 401 });
  });

  it('lists what was sent newest first, as the page shows it', async () => {
    for (const body of ['111111 is your code', '222222 is your code']) {
      const response = await fetch(`${emulator().url}/2010-04-01/Accounts/${TEST_ACCOUNT_SID}/Messages.json`, {
        method: 'POST',
        headers: { authorization: basicAuth(), 'content-type': 'application/x-www-form-urlencoded' },
        body: new URLSearchParams({ To: '+14045550177', From: TEST_FROM, Body: body }).toString(),
      });
      expect(response.status).toBe(201);
    }
    const { messages } = (await (await fetch(`${emulator().url}/_emulator/messages`)).json()) as { messages: Array<{ body: string }> };
    expect(messages.map((m) => m.body)).toEqual(['222222 is your code', '111111 is your code']);
  });

  it("offers a reply form that texts our number as a customer, and filters a customer's whole thread", async () => {
    expect(await (await fetch(`${emulator().url}/`)).text()).toContain("fetch('/_emulator/inbound'");
    await emulator().receive({ from: '+14045550178', body: 'HELP' });
    const { messages } = (await (await fetch(`${emulator().url}/_emulator/messages?phone=%2B14045550178`)).json()) as { messages: Array<{ direction: string }> };
    // Twilio's answer to HELP, then the reply itself (newest first).
    expect(messages.map((m) => m.direction)).toEqual(['outbound-reply', 'inbound']);
  });
});
