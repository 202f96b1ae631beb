// Shared by this folder's integration tests: one mail emulator per test file, emptied before each test.
import { afterAll, beforeAll, beforeEach } from 'vitest';
import { startMailEmulator, type MailEmulator } from './mail-emulator';

export const TEST_MAIL_LOGIN = { username: 'test-mail-user', password: 'test-mail-password' } as const;
export const TEST_SENDER_DOMAIN = 'cleaning.example';

export function useMailEmulator(): () => MailEmulator {
  let emulator: MailEmulator | undefined;
  beforeAll(async () => {
    emulator = await startMailEmulator({ ...TEST_MAIL_LOGIN, verifiedDomains: [TEST_SENDER_DOMAIN] });
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

/** The emulator's SMTP URL with a login (the right one unless told otherwise). */
export function smtpUrlOf(emulator: MailEmulator, login: { username: string; password: string } = TEST_MAIL_LOGIN): string {
  return `smtp://${encodeURIComponent(login.username)}:${encodeURIComponent(login.password)}@${emulator.smtpHost}:${emulator.smtpPort}`;
}
