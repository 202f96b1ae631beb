import { resolveTxt } from 'node:dns/promises';
import { COMPANY } from '@app/runtime/company';
import { ConfigError } from '@app/shared/parse-env';
import { checkSendingDomain, checkSmtpLogin, formatCheck } from './email/domain-check';
import { senderAddress } from './email/email-env';
import { createMailTransport } from './email/mail-transport';
import { loadWorkerEnv } from './env';

/**
 * `npm run email:check` (docs/email.md#going-live): logs in to the mail provider's SMTP endpoint
 * without sending, and, where this machine reaches DNS, checks the sending domain's SPF and
 * DMARC records. Changes nothing. Exit code 1 while the login fails or a record is missing.
 * Outside production, without EMAIL_SMTP_URL, it checks the mail emulator of `npm run dev`.
 */
async function main(): Promise<void> {
  const env = loadWorkerEnv();
  const from = env.EMAIL_FROM ?? COMPANY.email;
  const domain = senderAddress(from).split('@')[1]!;
  const transport = createMailTransport({ smtpUrl: env.EMAIL_SMTP_URL!, verifyTls: env.EMAIL_SMTP_TLS_VERIFY !== 'off', timeoutMs: 10_000 });
  try {
    const lines = [await checkSmtpLogin(transport), ...(await checkSendingDomain(resolveTxt, domain, env.EMAIL_PROVIDER))];
    process.stdout.write(`E-mail from ${from} through ${new URL(env.EMAIL_SMTP_URL!).host} (${env.EMAIL_PROVIDER})\n${formatCheck(lines)}\n`);
    process.exitCode = lines.some((line) => line.ok === false) ? 1 : 0;
  } finally {
    transport.close();
  }
}

main().catch((error: unknown) => {
  process.stderr.write(`${error instanceof ConfigError ? error.message : error instanceof Error ? (error.stack ?? error.message) : String(error)}\n`);
  process.exit(1);
});
