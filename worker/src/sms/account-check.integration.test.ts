// npm run sms:check against the Twilio emulator, through the real twilio SDK: the ready account,
// then each state a real account can be in before launch, each naming what is missing.
import { execFile } from 'node:child_process';
import path from 'node:path';
import { promisify } from 'node:util';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { startTwilioEmulator, type TwilioEmulator } from '@app/emulators/twilio/twilio-emulator';
import type { AccountPatch } from '@app/emulators/twilio/messaging-account';
import { checkSmsAccount, formatSmsReport, type CheckItem, type SmsCheckExpectations } from './account-check';
import { createTwilioClient } from './twilio-client';

const ROOT = path.resolve(import.meta.dirname, '../../..');
const SID = 'AC5e0c4ec4e0c4ec4e0c4ec4e0c4ec4e01';
const TOKEN = 'sms-check-token';
const NUMBER = '+14045550142';
const INBOUND = 'https://cleaning.example/api/twilio/inbound';
const STATUS = 'https://cleaning.example/api/twilio/status';

let emulator: TwilioEmulator;
beforeAll(async () => {
  emulator = await startTwilioEmulator({ port: 0, accountSid: SID, authToken: TOKEN, phoneNumber: NUMBER, webhookUrl: INBOUND, deliveryStepMs: 60_000 });
});
afterAll(() => emulator.close());
beforeEach(() => emulator.reset());

const expectations = (overrides: Partial<SmsCheckExpectations> = {}): SmsCheckExpectations => ({ from: NUMBER, inboundUrl: INBOUND, statusCallbackUrl: STATUS, realTwilio: false, ...overrides });

async function check(patch: AccountPatch | null, overrides: Partial<SmsCheckExpectations> = {}, authToken = TOKEN) {
  if (patch) emulator.setAccount(patch);
  const client = createTwilioClient({ accountSid: SID, authToken, baseUrl: emulator.url, timeoutMs: 2_000 });
  return checkSmsAccount(client, expectations(overrides));
}

const row = (items: CheckItem[], subject: string) => items.find((i) => i.subject.startsWith(subject));

function runScript(env: Record<string, string>) {
  return promisify(execFile)(process.execPath, ['--import', 'tsx', 'worker/src/sms-check.ts'], {
    cwd: ROOT,
    env: { ...process.env, NODE_ENV: 'development', TWILIO_ACCOUNT_SID: SID, TWILIO_AUTH_TOKEN: TOKEN, TWILIO_FROM: NUMBER, TWILIO_BASE_URL: emulator.url, TWILIO_INBOUND_URL: INBOUND, TWILIO_STATUS_CALLBACK_URL: STATUS, ...env },
  }).then(
    ({ stdout }) => ({ code: 0, stdout }),
    (error: { code: number; stdout: string }) => ({ code: error.code, stdout: error.stdout }),
  );
}

describe('npm run sms:check (the script, against the emulator)', () => {
  it('prints the table and exits 0 when the account is ready', async () => {
    const { code, stdout } = await runScript({});
    expect(code).toBe(0);
    expect(stdout).toMatch(/^what\s+status\s+detail$/m);
    expect(stdout).toMatch(/^sender\s+ok\s+\+14045550142 \(PN[0-9a-f]{32}\), SMS-capable$/m);
    expect(stdout).toMatch(/^Messaging Service\s+ok\s+"Cleaning texts" \(MG[0-9a-f]{32}\) holds \+14045550142$/m);
    expect(stdout).toMatch(new RegExp(`^incoming webhook\\s+ok\\s+.*${INBOUND}$`, 'm'));
    expect(stdout).toMatch(/^status callback\s+ok\s+https:\/\/cleaning\.example\/api\/twilio\/status, passed with every message$/m);
    expect(stdout).toMatch(/^A2P 10DLC campaign \+14045550142\s+ok\s+verified/m);
    expect(stdout).toContain('Ready: texts to US phones can go out from this account.');
  });

  it('exits 1 and names the missing campaign while vetting is pending', async () => {
    emulator.setAccount({ service: { campaign: { status: 'IN_PROGRESS' } } });
    const { code, stdout } = await runScript({});
    expect(code).toBe(1);
    expect(stdout).toMatch(/^A2P 10DLC campaign \+14045550142\s+pending\s+in progress: .*30034/m);
    expect(stdout).toContain('NOT ready: 1 problem(s) above');
  });
});

describe('sms:check in each state of the account', () => {
  it('the ready account: every row ok', async () => {
    const report = await check(null);
    expect(report.items.map((i) => [i.subject, i.status])).toEqual([
      ['sender', 'ok'],
      ['Messaging Service', 'ok'],
      ['incoming webhook', 'ok'],
      ['status callback', 'ok'],
      [`A2P 10DLC campaign ${NUMBER}`, 'ok'],
    ]);
    expect(report).toMatchObject({ ready: true, problems: [] });
  });

  it('no Messaging Service: the service and the campaign are missing', async () => {
    const report = await check({ service: null });
    expect(report.ready).toBe(false);
    expect(row(report.items, 'Messaging Service')).toMatchObject({ status: 'missing', detail: expect.stringContaining('Sender Pool') });
    expect(row(report.items, 'A2P 10DLC campaign')).toMatchObject({ status: 'missing', detail: expect.stringContaining('30034') });
    // Without a service, the number's own webhook is the one Twilio calls.
    expect(row(report.items, 'incoming webhook')).toMatchObject({ status: 'ok', detail: expect.stringContaining("no service, so the number's own") });
  });

  it("a wrong webhook on the service, or on the number when the service defers to it", async () => {
    const wrong = await check({ service: { inboundRequestUrl: 'https://old-site.example/sms' } });
    expect(row(wrong.items, 'incoming webhook')).toMatchObject({ status: 'mismatch', detail: expect.stringContaining(`is https://old-site.example/sms, not ${INBOUND}`) });
    expect(wrong.problems).toHaveLength(1);

    const empty = await check({ service: { inboundRequestUrl: null } });
    expect(row(empty.items, 'incoming webhook')).toMatchObject({ status: 'missing', detail: expect.stringContaining(`set it to ${INBOUND}`) });

    emulator.reset();
    const deferring = await check({ service: { useInboundWebhookOnNumber: true }, number: { smsUrl: null } });
    expect(row(deferring.items, `incoming webhook ${NUMBER}`)).toMatchObject({ status: 'missing', detail: expect.stringContaining("defers to the sender's webhook") });
  });

  it('a campaign pending, failed with its reasons, or absent', async () => {
    const pending = await check({ service: { campaign: { status: 'PENDING' } } });
    expect(row(pending.items, 'A2P 10DLC campaign')).toMatchObject({ status: 'pending' });

    const failed = await check({ service: { campaign: { status: 'FAILED', errors: [{ error_code: 30896, description: 'Opt-in information is missing' }] } } });
    expect(row(failed.items, 'A2P 10DLC campaign')).toMatchObject({ status: 'failed', detail: expect.stringContaining('30896 Opt-in information is missing') });

    const none = await check({ service: { campaign: null } });
    expect(row(none.items, 'A2P 10DLC campaign')).toMatchObject({ status: 'missing', detail: expect.stringContaining('Trust Hub') });
    expect(none.ready).toBe(false);
  });

  it('a toll-free number: unverified, in review, rejected, approved', async () => {
    const tollFree = '+18885550142';
    const subject = `toll-free verification ${tollFree}`;
    const unverified = await check({ number: { phoneNumber: tollFree }, service: { campaign: null } }, { from: tollFree });
    expect(row(unverified.items, subject)).toMatchObject({ status: 'missing', detail: expect.stringContaining('30032') });
    expect(row(unverified.items, 'A2P 10DLC')).toBeUndefined();

    const inReview = await check({ tollfreeVerification: { status: 'IN_REVIEW' } }, { from: tollFree });
    expect(row(inReview.items, subject)).toMatchObject({ status: 'pending', detail: expect.stringMatching(/^in review/) });

    const rejected = await check({ tollfreeVerification: { status: 'TWILIO_REJECTED', errorCode: 30509, rejectionReason: 'CTA cannot be verified' } }, { from: tollFree });
    expect(row(rejected.items, subject)).toMatchObject({ status: 'failed', detail: expect.stringContaining('error 30509: CTA cannot be verified') });

    const approved = await check({ tollfreeVerification: { status: 'TWILIO_APPROVED' } }, { from: tollFree });
    expect(approved).toMatchObject({ ready: true });
  });

  it('a sender the account does not have, or that cannot text', async () => {
    const foreign = await check(null, { from: '+14045559999' });
    expect(foreign.items).toEqual([{ subject: 'sender', status: 'missing', detail: expect.stringContaining('is not a phone number of this account') }]);

    const voiceOnly = await check({ number: { smsCapable: false } });
    expect(row(voiceOnly.items, 'sender')).toMatchObject({ status: 'mismatch', detail: expect.stringContaining('cannot send SMS') });
  });

  it('TWILIO_FROM as the Messaging Service: its pool is checked; an unknown service is missing', async () => {
    const serviceSid = emulator.account().service!.sid;
    const ready = await check(null, { from: serviceSid });
    expect(ready.ready).toBe(true);
    expect(row(ready.items, 'sender')).toMatchObject({ status: 'ok', detail: expect.stringContaining(`sends from ${NUMBER}`) });

    const empty = await check({ service: { holdsNumber: false } }, { from: serviceSid });
    expect(row(empty.items, 'sender')).toMatchObject({ status: 'missing', detail: expect.stringContaining('has no phone number') });

    const unknown = await check(null, { from: 'MG0000000000000000000000000000000f' });
    expect(unknown.items).toEqual([{ subject: 'sender', status: 'missing', detail: expect.stringContaining('which this account does not have') }]);
  });

  it('no status callback: delivery reports (30034, 30006, 30007) would never arrive', async () => {
    const report = await check(null, { statusCallbackUrl: null });
    expect(row(report.items, 'status callback')).toMatchObject({ status: 'missing', detail: expect.stringContaining('TWILIO_STATUS_CALLBACK_URL') });
    expect(report.ready).toBe(false);
  });

  it('against the real Twilio, URLs it cannot reach are a mismatch', async () => {
    const local = await check({ service: { inboundRequestUrl: 'http://127.0.0.1:3000/api/twilio/inbound' } }, { inboundUrl: 'http://127.0.0.1:3000/api/twilio/inbound', realTwilio: true });
    expect(row(local.items, 'public URLs')).toMatchObject({ status: 'mismatch', detail: expect.stringContaining('Twilio cannot reach http://127.0.0.1:3000/api/twilio/inbound') });
    const ok = await check(null, { realTwilio: true });
    expect(row(ok.items, 'public URLs')).toMatchObject({ status: 'ok' });
  });

  it('refused credentials stop the check with Twilio’s answer', async () => {
    const report = await check(null, {}, 'not-the-token');
    expect(report.items).toEqual([{ subject: 'Twilio API', status: 'failed', detail: expect.stringContaining('HTTP 401, code 20003') }]);
    expect(formatSmsReport(report)).toContain('NOT ready: 1 problem(s) above');
  });
});
