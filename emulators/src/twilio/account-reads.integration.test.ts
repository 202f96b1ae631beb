// The account's sending setup (what `npm run sms:check` reads): Messaging v1 and 2010-04-01
// resources in Twilio's shapes, through the real twilio SDK and as raw JSON, and the control
// API that changes them.
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTwilioClient } from '@app/worker/sms/twilio-client';
import { basicAuth, TEST_ACCOUNT_SID, TEST_AUTH_TOKEN, useTwilioEmulator } from './test-emulator';
import { startTwilioEmulator } from './twilio-emulator';

const emulator = useTwilioEmulator();
const client = () => createTwilioClient({ accountSid: TEST_ACCOUNT_SID, authToken: TEST_AUTH_TOKEN, baseUrl: emulator().url, timeoutMs: 2_000 });
const OUR_NUMBER = '+15005550006';

async function getJson(path: string): Promise<{ status: number; body: Record<string, unknown> }> {
  const response = await fetch(`${emulator().url}${path}`, { headers: { authorization: basicAuth() } });
  return { status: response.status, body: (await response.json()) as Record<string, unknown> };
}

async function changeAccount(patch: unknown): Promise<Response> {
  return fetch(`${emulator().url}/_emulator/account`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(patch) });
}

describe('Twilio emulator: the account’s sending setup', () => {
  it('starts ready: the number in a Messaging Service with a verified A2P campaign (SDK reads)', async () => {
    const twilio = client();
    const [service, ...others] = await twilio.messaging.v1.services.list();
    expect(others).toEqual([]);
    expect(service).toMatchObject({ sid: expect.stringMatching(/^MG[0-9a-f]{32}$/), accountSid: TEST_ACCOUNT_SID, inboundMethod: 'POST', useInboundWebhookOnNumber: false, usAppToPersonRegistered: true });
    expect(service!.dateCreated).toBeInstanceOf(Date);

    const fetched = await twilio.messaging.v1.services(service!.sid).fetch();
    expect(fetched.links.us_app_to_person).toBe(`https://messaging.twilio.com/v1/Services/${service!.sid}/Compliance/Usa2p`);

    const pool = await twilio.messaging.v1.services(service!.sid).phoneNumbers.list();
    expect(pool).toEqual([expect.objectContaining({ phoneNumber: OUR_NUMBER, serviceSid: service!.sid, sid: expect.stringMatching(/^PN/), capabilities: expect.arrayContaining(['SMS']) })]);

    const campaigns = await twilio.messaging.v1.services(service!.sid).usAppToPerson.list();
    expect(campaigns).toEqual([expect.objectContaining({ campaignStatus: 'VERIFIED', messagingServiceSid: service!.sid, sid: expect.stringMatching(/^QE/) })]);

    const numbers = await twilio.incomingPhoneNumbers.list({ phoneNumber: OUR_NUMBER });
    expect(numbers).toEqual([expect.objectContaining({ sid: pool[0]!.sid, phoneNumber: OUR_NUMBER, capabilities: { voice: true, sms: true, mms: true, fax: false } })]);
    expect(await twilio.incomingPhoneNumbers.list({ phoneNumber: '+14045559999' })).toEqual([]);
    expect(await twilio.messaging.v1.tollfreeVerifications.list()).toEqual([]);
  });

  it('serialises as Twilio does: snake_case, v1 `meta` paging with absolute URLs, 2010 `*_uri` paging', async () => {
    const services = await getJson('/v1/Services?PageSize=20');
    expect(services.status).toBe(200);
    expect(services.body.meta).toEqual({
      page: 0,
      page_size: 20,
      first_page_url: 'https://messaging.twilio.com/v1/Services?PageSize=20&Page=0',
      previous_page_url: null,
      next_page_url: null,
      key: 'services',
      url: 'https://messaging.twilio.com/v1/Services?PageSize=20&Page=0',
    });
    const [service] = services.body.services as Record<string, unknown>[];
    expect(Object.keys(service!)).toEqual(expect.arrayContaining(['inbound_request_url', 'status_callback', 'use_inbound_webhook_on_number', 'us_app_to_person_registered', 'date_created']));
    expect(service!.date_created).toMatch(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}Z$/);

    const compliance = await getJson(`/v1/Services/${String(service!.sid)}/Compliance/Usa2p`);
    expect((compliance.body.meta as { key: string }).key).toBe('compliance');
    expect((compliance.body.compliance as Record<string, unknown>[])[0]).toMatchObject({ campaign_status: 'VERIFIED', errors: [] });

    const numbers = await getJson(`/2010-04-01/Accounts/${TEST_ACCOUNT_SID}/IncomingPhoneNumbers.json?PhoneNumber=%2B15005550006`);
    expect(numbers.body).toMatchObject({ page: 0, start: 0, next_page_uri: null, previous_page_uri: null });
    expect(numbers.body.first_page_uri).toMatch(new RegExp(`^/2010-04-01/Accounts/${TEST_ACCOUNT_SID}/IncomingPhoneNumbers\\.json\\?`));
    const [number] = numbers.body.incoming_phone_numbers as Record<string, unknown>[];
    expect(number).toMatchObject({ phone_number: OUR_NUMBER, sms_method: 'POST', sms_url: '', capabilities: { sms: true } });
    expect(number!.date_created).toMatch(/^\w{3}, \d{2} \w{3} \d{4} \d{2}:\d{2}:\d{2} \+0000$/);
  });

  it('answers an unknown service with 20404, a write with 405 and a wrong password with 401', async () => {
    const missing = await getJson('/v1/Services/MG00000000000000000000000000000000/PhoneNumbers');
    expect(missing).toEqual({ status: 404, body: expect.objectContaining({ code: 20404, status: 404 }) });
    const write = await fetch(`${emulator().url}/v1/Services`, { method: 'POST', headers: { authorization: basicAuth() } });
    expect(write.status).toBe(405);
    const wrong = await fetch(`${emulator().url}/v1/Services`, { headers: { authorization: basicAuth(TEST_ACCOUNT_SID, 'wrong') } });
    expect(wrong.status).toBe(401);
  });

  it('the control API puts the account in failing states and refuses a change it cannot read', async () => {
    const bad = await changeAccount({ service: { campaign: { status: 'APPROVED' } } });
    expect(bad.status).toBe(400);
    expect(await bad.json()).toMatchObject({ error: 'invalid account change', expected: expect.stringContaining('campaign') });
    expect(emulator().account().service?.campaign?.status).toBe('VERIFIED');

    const changed = await changeAccount({ service: { campaign: { status: 'FAILED', errors: [{ error_code: 30897, description: 'Disallowed content', fields: ['MESSAGE_FLOW'] }] } } });
    expect(changed.status).toBe(200);
    const service = emulator().account().service!;
    const [campaign] = await client().messaging.v1.services(service.sid).usAppToPerson.list();
    expect(campaign).toMatchObject({ campaignStatus: 'FAILED', errors: [{ error_code: 30897, description: 'Disallowed content', fields: ['MESSAGE_FLOW'], url: 'https://www.twilio.com/docs/api/errors/30897' }] });
    expect((await client().messaging.v1.services(service.sid).fetch()).usAppToPersonRegistered).toBe(false);

    await changeAccount({ service: null });
    expect(await client().messaging.v1.services.list()).toEqual([]);

    // A toll-free number: a verification instead of a campaign.
    await changeAccount({ number: { phoneNumber: '+18885550100' }, tollfreeVerification: { status: 'TWILIO_REJECTED', rejectionReason: 'Opt-in unclear', errorCode: 30513 } });
    const [number] = await client().incomingPhoneNumbers.list({ phoneNumber: '+18885550100' });
    const [verification] = await client().messaging.v1.tollfreeVerifications.list({ tollfreePhoneNumberSid: number!.sid });
    expect(verification).toMatchObject({ status: 'TWILIO_REJECTED', rejectionReason: 'Opt-in unclear', errorCode: 30513, tollfreePhoneNumber: '+18885550100' });
    expect(await client().messaging.v1.tollfreeVerifications.list({ status: 'TWILIO_APPROVED' })).toEqual([]);

    // A reset puts the ready account back.
    await fetch(`${emulator().url}/_emulator/reset`, { method: 'POST' });
    expect(emulator().account()).toMatchObject({ number: { phoneNumber: OUR_NUMBER }, service: { campaign: { status: 'VERIFIED' } }, tollfreeVerification: null });
  });
});

describe('Twilio emulator: where a text to our number is posted', () => {
  let app: Server;
  let appUrl: string;
  const hits: string[] = [];
  beforeAll(async () => {
    app = createServer((req, res) => {
      hits.push(req.url ?? '');
      req.resume();
      req.on('end', () => res.writeHead(200, { 'content-type': 'text/xml' }).end('<Response/>'));
    });
    await new Promise<void>((resolve) => app.listen(0, '127.0.0.1', resolve));
    appUrl = `http://127.0.0.1:${(app.address() as AddressInfo).port}`;
  });
  afterAll(() => new Promise<void>((resolve) => app.close(() => resolve())));

  const textUs = () => emulator().receive({ from: '+14045550177', body: 'hello' });

  it("goes to the service's inbound URL, or to the number's own when the service defers to it", async () => {
    emulator().setAccount({ number: { smsUrl: `${appUrl}/number` }, service: { inboundRequestUrl: `${appUrl}/service` } });
    expect((await textUs()).webhook).toEqual({ status: 200, error: null });
    emulator().setAccount({ service: { useInboundWebhookOnNumber: true } });
    await textUs();
    // Not in any service: the number's webhook.
    emulator().setAccount({ service: { holdsNumber: false } });
    await textUs();
    // The service's inbound URL emptied: Twilio drops the message (receiving is disabled).
    emulator().setAccount({ service: { holdsNumber: true, useInboundWebhookOnNumber: false, inboundRequestUrl: null } });
    expect((await textUs()).webhook).toBeNull();
    expect(hits).toEqual(['/service', '/number', '/number']);
  });

  it('setWebhookUrl points the webhook Twilio would call, and a reset keeps it', async () => {
    emulator().setWebhookUrl(`${appUrl}/api`);
    expect(emulator().account().service?.inboundRequestUrl).toBe(`${appUrl}/api`);
    emulator().reset();
    expect(emulator().account().service?.inboundRequestUrl).toBe(`${appUrl}/api`);
    emulator().setWebhookUrl(null);
  });
});

describe('Twilio emulator: texts from an unregistered sender are accepted, then fail', () => {
  let fast: Awaited<ReturnType<typeof startTwilioEmulator>>;
  beforeAll(async () => {
    fast = await startTwilioEmulator({ port: 0, accountSid: TEST_ACCOUNT_SID, authToken: TEST_AUTH_TOKEN, deliveryStepMs: 5 });
  });
  afterAll(() => fast.close());

  async function outcome(sender: { from: string } | { messagingServiceSid: string }): Promise<{ status: string; error_code: number | null }> {
    const twilio = createTwilioClient({ accountSid: TEST_ACCOUNT_SID, authToken: TEST_AUTH_TOKEN, baseUrl: fast.url, timeoutMs: 2_000 });
    const created = await twilio.messages.create({ to: '+14045550188', body: 'Your code is 123456', ...sender });
    expect(created.status === 'queued' || created.status === 'accepted').toBe(true);
    await expect.poll(() => fast.messages().find((m) => m.sid === created.sid)?.status, { timeout: 2_000 }).toMatch(/^(delivered|undelivered|failed)$/);
    const { status, error_code } = fast.messages().find((m) => m.sid === created.sid)!;
    return { status, error_code };
  }

  it('30034 from a local number without a verified campaign, 30032 from an unverified toll-free number; others unaffected', async () => {
    fast.reset();
    expect(await outcome({ from: OUR_NUMBER })).toEqual({ status: 'delivered', error_code: null });
    fast.setAccount({ service: { campaign: { status: 'IN_PROGRESS' } } });
    expect(await outcome({ from: OUR_NUMBER })).toEqual({ status: 'failed', error_code: 30034 });
    expect(await outcome({ messagingServiceSid: fast.account().service!.sid })).toEqual({ status: 'failed', error_code: 30034 });
    // A number the emulator knows nothing about: its registration is not the emulator's to judge.
    expect(await outcome({ from: '+14045550100' })).toEqual({ status: 'delivered', error_code: null });

    fast.setAccount({ number: { phoneNumber: '+18885550188' }, service: { campaign: null } });
    expect(await outcome({ from: '+18885550188' })).toEqual({ status: 'failed', error_code: 30032 });
    fast.setAccount({ tollfreeVerification: { status: 'TWILIO_APPROVED' } });
    expect(await outcome({ from: '+18885550188' })).toEqual({ status: 'delivered', error_code: null });
  });
});
