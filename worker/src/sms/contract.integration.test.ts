import { randomBytes } from 'node:crypto';
import { UnrecoverableError } from 'bullmq';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createPrismaClient } from '@app/db/client';
import { startTwilioEmulator, type TwilioEmulator } from '@app/emulators/twilio/twilio-emulator';
import { testDatabaseUrl } from '../../../test/context';
import { smsSendJob } from '../jobs/sms-send';
import { createLogger } from '@app/runtime/logger';
import { classifyTwilioError, createTwilioClient, sendSms, type TwilioClient } from './twilio-client';
import { TEST_OTP_SECRET } from '../../../test/portal-app';

/**
 * The SMS contract: how Twilio answers the sends the worker makes, and how we classify each
 * answer. By default against the Twilio emulator; with TWILIO_CONTRACT_ACCOUNT_SID and
 * TWILIO_CONTRACT_AUTH_TOKEN (Twilio's *test* credentials, which never send a text or cost
 * anything) the same scenarios run against Twilio itself, using the magic numbers Twilio gives
 * test credentials. Test credentials accept no Messaging Service, so the sender is always a number.
 */

const MAGIC_VALID_FROM = '+15005550006';
const MAGIC_INVALID = '+15005550001';
// A well-formed US number that belongs to nobody (555-01xx is reserved for fiction).
const ORDINARY_TO = '+12015550123';

const log = createLogger({ service: 'sms-contract', level: 'silent', format: 'json' });

interface SmsTarget {
  client: TwilioClient;
  emulator: TwilioEmulator | null;
  close(): Promise<void>;
}

const TWILIO_SKIP_REASON = "against Twilio with test credentials: set TWILIO_CONTRACT_ACCOUNT_SID and TWILIO_CONTRACT_AUTH_TOKEN (the account's test credentials) to run";

function testCredentials(env: Readonly<Record<string, string | undefined>>): { accountSid: string; authToken: string } | null {
  const accountSid = env.TWILIO_CONTRACT_ACCOUNT_SID?.trim();
  const authToken = env.TWILIO_CONTRACT_AUTH_TOKEN?.trim();
  if (!accountSid && !authToken) return null;
  if (!accountSid || !authToken) throw new Error('set both TWILIO_CONTRACT_ACCOUNT_SID and TWILIO_CONTRACT_AUTH_TOKEN (test credentials), or neither');
  return { accountSid, authToken };
}

async function startEmulatorTarget(): Promise<SmsTarget> {
  const accountSid = `AC${randomBytes(16).toString('hex')}`;
  const authToken = randomBytes(12).toString('hex');
  const emulator = await startTwilioEmulator({ port: 0, accountSid, authToken });
  return { client: createTwilioClient({ accountSid, authToken, baseUrl: emulator.url, timeoutMs: 5_000 }), emulator, close: () => emulator.close() };
}

async function failureOf(promise: Promise<unknown>): Promise<unknown> {
  return promise.then(
    () => {
      throw new Error('expected Twilio to refuse the message');
    },
    (error: unknown) => error,
  );
}

const credentials = testCredentials(process.env);

describe('SMS contract: the Twilio emulator', () => smsContract(startEmulatorTarget));

(credentials ? describe : describe.skip)(credentials ? "SMS contract: Twilio with the account's test credentials" : TWILIO_SKIP_REASON, () =>
  smsContract(async () => ({ client: createTwilioClient({ ...credentials! }), emulator: null, close: async () => {} })),
);

function smsContract(start: () => Promise<SmsTarget>): void {
  let t: SmsTarget;
  beforeAll(async () => {
    t = await start();
  });
  afterAll(() => t?.close());

  it('a text from the magic sender to an ordinary number is created (queued, with a message sid)', async () => {
    const sent = await sendSms(t.client, { to: ORDINARY_TO, from: MAGIC_VALID_FROM, body: 'Contract test: your code is 123456' });
    expect(sent).toEqual({ sid: expect.stringMatching(/^SM[0-9a-f]{32}$/), status: 'queued' });
    if (t.emulator) expect(t.emulator.messages({ to: ORDINARY_TO }).map((m) => m.sid)).toEqual([sent.sid]);
  });

  it('a text to the magic invalid number is refused with 21211, which we treat as permanent (the job fails, no retry)', async () => {
    const error = await failureOf(sendSms(t.client, { to: MAGIC_INVALID, from: MAGIC_VALID_FROM, body: 'Contract test' }));
    expect(classifyTwilioError(error)).toMatchObject({ kind: 'permanent', status: 400, code: 21211 });

    // The job, sending its message row's text there: it fails at once, and the row says why.
    const db = createPrismaClient(testDatabaseUrl());
    try {
      const { id: messageId } = await db.smsMessage.create({ data: { purpose: 'staff_invite', to: MAGIC_INVALID }, select: { id: true } });
      const job = smsSendJob({ portalUrl: 'http://127.0.0.1:5173/login', db, twilio: t.client, from: MAGIC_VALID_FROM, otpSecret: TEST_OTP_SECRET });
      const jobError = await failureOf(job.process({ messageId }, { log, jobId: 'sms-contract', attempt: 1 }));
      expect(jobError).toBeInstanceOf(UnrecoverableError);
      expect((jobError as Error).message).toContain('21211');
      expect(await db.smsMessage.findUniqueOrThrow({ where: { id: messageId } })).toMatchObject({ status: 'failed', errorCode: 21211 });
    } finally {
      await db.$disconnect();
    }
  });

  it('a text from the magic invalid sender (a wrong TWILIO_FROM) is refused with 21212, permanent', async () => {
    const error = await failureOf(sendSms(t.client, { to: ORDINARY_TO, from: MAGIC_INVALID, body: 'Contract test' }));
    expect(classifyTwilioError(error)).toMatchObject({ kind: 'permanent', status: 400, code: 21212 });
    if (t.emulator) expect(t.emulator.messages()).toHaveLength(1);
  });
}
