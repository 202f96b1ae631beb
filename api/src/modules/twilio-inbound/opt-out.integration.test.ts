import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { apiErrorBody } from '@app/shared/api-error';
import { COMPANY } from '@app/runtime/company';
import { helpReplySms } from '@app/shared/customer-messages';
import { formatUsPhone } from '@app/shared/phone';
import { TWILIO_INBOUND_PATH } from '@app/shared/routes';
import { loginSmsOptedOut } from '@app/shared/texts';
import { twilioSignature } from '@app/emulators/twilio/signature';
import { KEYWORD_REPLIES } from '@app/emulators/twilio/opt-outs';
import { startTwilioEmulator, type TwilioEmulator } from '@app/emulators/twilio/twilio-emulator';
import { freePort } from '../../../../dev/src/net';
import { createCustomer, startPortalApi, TestBrowser, uniquePhone, type PortalApi } from '../../../../test/portal-app';
import { SMS_CONSENT_VERSION } from '@app/shared/sms-consent';

const SID = 'AC0123456789abcdef0123456789abcd18';
const TOKEN = 'inbound-test-token';
const OUR_NUMBER = '+14045550123';

/**
 * STOP, START and HELP end to end: a phone texts the Twilio emulator's number, the emulator does
 * what Twilio does (its own opt-out list and standard answer) and posts the signed message to the
 * api's webhook, whose TwiML answer it sends back.
 */
describe('texts to our number: STOP, START and HELP', () => {
  let api: PortalApi;
  let twilio: TwilioEmulator;
  let webhookUrl: string;

  beforeAll(async () => {
    const port = await freePort();
    webhookUrl = `http://127.0.0.1:${port}${TWILIO_INBOUND_PATH}`;
    api = await startPortalApi('twilio-inbound', new Date(), { port, twilioInbound: { authToken: TOKEN, webhookUrl }, smsReplyNumber: OUR_NUMBER });
    twilio = await startTwilioEmulator({ port: 0, accountSid: SID, authToken: TOKEN, deliveryStepMs: 10, phoneNumber: OUR_NUMBER, webhookUrl });
  });
  afterAll(async () => {
    await twilio.close();
    await api.close();
  });

  const optOut = (phone: string) => api.db.smsOptOut.findUnique({ where: { phone } });
  const requestCode = (customer: { email: string; phone: string }) =>
    new TestBrowser(api.url).post('/api/portal/auth/request-code', { email: customer.email, phone: customer.phone, code: '', consentVersion: SMS_CONSENT_VERSION });

  it('STOP opts the phone out (login codes included, with how to opt back in); START opts it back in', async () => {
    const customer = await createCustomer(api.db);
    const stopped = await twilio.receive({ from: customer.phone, body: ' Stop ' });
    expect(stopped.webhook).toEqual({ status: 200, error: null });
    // Twilio answers STOP itself; the api adds nothing (a reply would be refused anyway).
    expect(stopped.replies.map((r) => r.body)).toEqual([KEYWORD_REPLIES.stop]);
    expect(await optOut(customer.phone)).toMatchObject({ source: 'keyword', keyword: 'STOP' });
    expect(twilio.optOuts()).toContain(customer.phone);

    const refused = await requestCode(customer);
    expect(refused.status).toBe(403);
    expect(await refused.json()).toEqual(apiErrorBody(loginSmsOptedOut(formatUsPhone(OUR_NUMBER)), 'sms_opted_out'));
    expect(loginSmsOptedOut(formatUsPhone(OUR_NUMBER))).toContain('text START to (404) 555-0123');
    expect(await api.db.otpChallenge.count({ where: { phone: customer.phone } })).toBe(0);

    // HELP from an opted-out phone: nobody answers.
    expect((await twilio.receive({ from: customer.phone, body: 'HELP' })).replies).toEqual([]);

    const started = await twilio.receive({ from: customer.phone, body: 'start' });
    expect(started.replies.map((r) => r.body)).toEqual([KEYWORD_REPLIES.start]);
    expect(await optOut(customer.phone)).toBeNull();
    expect((await requestCode(customer)).status).toBe(200);
  });

  it('answers HELP with who we are and how to reach a person; a sentence is not a keyword', async () => {
    const phone = uniquePhone();
    const help = await twilio.receive({ from: phone, body: 'info' });
    // Word for word (the demo company): the program, what it sends, how to get help, frequency, rates, STOP.
    const ours = 'Atlanta Home Cleaning customer texts: cleaning updates & login codes. Help: (404) 555-0100. Msg freq varies. Msg&data rates may apply. Reply STOP to opt out.';
    expect(helpReplySms({ company: COMPANY.name, phone: formatUsPhone(COMPANY.phone) })).toBe(ours);
    expect(help.replies.map((r) => r.body)).toEqual([KEYWORD_REPLIES.help, ours]);
    expect(help.replies[1]?.num_segments).toBe('1');
    expect(help.replies.every((r) => r.to === phone && r.from === OUR_NUMBER)).toBe(true);

    const sentence = await twilio.receive({ from: phone, body: 'Please stop by at 10 instead' });
    expect(sentence.replies).toEqual([]);
    expect(await optOut(phone)).toBeNull();
  });

  it('refuses a message without a valid signature for the configured URL, changing nothing', async () => {
    const phone = uniquePhone();
    const params = { AccountSid: SID, Body: 'STOP', From: phone, MessageSid: `SM${'1'.repeat(32)}`, To: OUR_NUMBER };
    const post = (signature: string | null) =>
      fetch(`${api.url}${TWILIO_INBOUND_PATH}`, {
        method: 'POST',
        headers: { 'content-type': 'application/x-www-form-urlencoded', ...(signature ? { 'x-twilio-signature': signature } : {}) },
        body: new URLSearchParams(params).toString(),
      });
    expect((await post(null)).status).toBe(403);
    expect((await post(twilioSignature('another-token', webhookUrl, params))).status).toBe(403);
    expect((await post(twilioSignature(TOKEN, `${api.url}/elsewhere`, params))).status).toBe(403);
    expect(await optOut(phone)).toBeNull();

    const signed = await post(twilioSignature(TOKEN, webhookUrl, params));
    expect(signed.status).toBe(200);
    expect(signed.headers.get('content-type')).toContain('text/xml');
    expect(await signed.text()).toBe('<?xml version="1.0" encoding="UTF-8"?><Response></Response>');
    expect(await optOut(phone)).toMatchObject({ source: 'keyword' });
  });
});
