// The Messages resource over plain HTTP: what the SDK never lets through (missing To) and the
// details of Twilio's answers that the SDK hides (headers, status codes of every error).
import { describe, expect, it } from 'vitest';
import { basicAuth, TEST_ACCOUNT_SID, TEST_FROM, useTwilioEmulator } from './test-emulator';

const emulator = useTwilioEmulator();
const messagesPath = `/2010-04-01/Accounts/${TEST_ACCOUNT_SID}/Messages.json`;

async function post(form: Record<string, string>, options: { path?: string; authorization?: string } = {}) {
  const response = await fetch(`${emulator().url}${options.path ?? messagesPath}`, {
    method: 'POST',
    headers: {
      'content-type': 'application/x-www-form-urlencoded',
      ...(options.authorization === '' ? {} : { authorization: options.authorization ?? basicAuth() }),
    },
    body: new URLSearchParams(form).toString(),
  });
  return { status: response.status, headers: response.headers, json: (await response.json()) as Record<string, unknown> };
}

describe('Twilio emulator Messages resource over HTTP', () => {
  it.each([
    [{ From: TEST_FROM, Body: 'x' }, 21604],
    [{ To: '+14045550150', From: TEST_FROM }, 21602],
    [{ To: '+14045550150', Body: 'x' }, 21603],
    [{ To: '14045550150', From: TEST_FROM, Body: 'x' }, 21211],
    [{ To: '+14045550150', From: TEST_FROM, Body: 'x'.repeat(1601) }, 21617],
  ])('answers 400 in Twilio error shape for %j (code %i)', async (form, code) => {
    const { status, json } = await post(form);
    expect(status).toBe(400);
    expect(json).toEqual({
      code,
      message: expect.any(String),
      more_info: `https://www.twilio.com/docs/errors/${code}`,
      status: 400,
    });
  });

  it('answers 401 / 20003 with a Basic challenge for missing or wrong credentials', async () => {
    for (const authorization of ['', basicAuth(TEST_ACCOUNT_SID, 'wrong')]) {
      const { status, headers, json } = await post({ To: '+14045550151', From: TEST_FROM, Body: 'x' }, { authorization });
      expect(status).toBe(401);
      expect(headers.get('www-authenticate')).toBe('Basic realm="Twilio API"');
      expect(json).toMatchObject({ code: 20003, message: 'Authenticate', status: 401 });
    }
  });

  it("treats another account's path as a credentials problem (401 / 20003)", async () => {
    const other = 'ACffffffffffffffffffffffffffffffff';
    const { status, json } = await post(
      { To: '+14045550152', From: TEST_FROM, Body: 'x' },
      { path: `/2010-04-01/Accounts/${other}/Messages.json` },
    );
    expect(status).toBe(401);
    expect(json).toMatchObject({ code: 20003 });
  });

  it('accepts a Messaging Service instead of From (status accepted, from null)', async () => {
    const { status, json } = await post({
      To: '+14045550153',
      MessagingServiceSid: 'MG0123456789abcdef0123456789abcdef',
      Body: 'Code 777777',
    });
    expect(status).toBe(201);
    expect(json).toMatchObject({ status: 'accepted', from: null, messaging_service_sid: 'MG0123456789abcdef0123456789abcdef' });
  });

  it('answers unknown sids and paths with 404 / 20404', async () => {
    const response = await fetch(`${emulator().url}/2010-04-01/Accounts/${TEST_ACCOUNT_SID}/Calls.json`, {
      headers: { authorization: basicAuth() },
    });
    expect(response.status).toBe(404);
    expect(await response.json()).toMatchObject({ code: 20404, status: 404 });
  });

  it('pages with PageSize and the paging envelope', async () => {
    for (const body of ['one', 'two', 'three']) await post({ To: '+14045550154', From: TEST_FROM, Body: body });
    const first = await fetch(`${emulator().url}${messagesPath}?To=%2B14045550154&PageSize=2`, {
      headers: { authorization: basicAuth() },
    });
    const page = (await first.json()) as Record<string, unknown> & { messages: Array<{ body: string }> };
    expect(page.messages.map((message) => message.body)).toEqual(['three', 'two']);
    expect(page).toMatchObject({ page: 0, page_size: 2, start: 0, end: 1, previous_page_uri: null });
    expect(page.next_page_uri).toMatch(/^\/2010-04-01\/Accounts\/AC[0-9a-f]{32}\/Messages\.json\?To=%2B14045550154&PageSize=2&Page=1&PageToken=PASM/);
  });
});
