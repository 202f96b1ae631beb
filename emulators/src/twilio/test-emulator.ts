// Shared by this folder's integration tests: one emulator per test file, emptied before each test.
import { afterAll, beforeAll, beforeEach } from 'vitest';
import { startTwilioEmulator, type TwilioEmulator } from './twilio-emulator';

export const TEST_ACCOUNT_SID = 'AC0123456789abcdef0123456789abcdef';
export const TEST_AUTH_TOKEN = 'test-twilio-token';
export const TEST_FROM = '+14045550100';

/**
 * Messages stay as created (queued) unless a test asks for delivery steps: a minute per step
 * keeps the status that tests of the Messages resource assert from changing under them.
 */
export function useTwilioEmulator(options: { deliveryStepMs?: number } = {}): () => TwilioEmulator {
  let emulator: TwilioEmulator | undefined;
  beforeAll(async () => {
    emulator = await startTwilioEmulator({
      port: 0,
      accountSid: TEST_ACCOUNT_SID,
      authToken: TEST_AUTH_TOKEN,
      deliveryStepMs: options.deliveryStepMs ?? 60_000,
    });
  });
  afterAll(async () => {
    await emulator?.close();
  });
  beforeEach(() => {
    emulator?.reset();
  });
  return () => {
    if (!emulator) throw new Error('emulator not started');
    return emulator;
  };
}

export function basicAuth(accountSid = TEST_ACCOUNT_SID, authToken = TEST_AUTH_TOKEN): string {
  return `Basic ${Buffer.from(`${accountSid}:${authToken}`).toString('base64')}`;
}
