import { startMailEmulator, type MailEmulator } from '@app/emulators/mail/mail-emulator';

const MAIL_LOGIN = { username: 'bench-mail', password: 'bench-mail-password' };

/**
 * The mail provider a bench's worker needs to start (it refuses to run without one): the mail
 * emulator on 127.0.0.1, and the worker's environment for it. Its STARTTLS certificate is its
 * own, which production refuses unchecked, so the worker runs as in development (the e-mail
 * path is the same). `verifiedDomains`: the senders it takes mail from (none: mail is only held).
 */
export async function startBenchMail(verifiedDomains: readonly string[] = []): Promise<{ mail: MailEmulator; env: Record<string, string>; close: () => Promise<void> }> {
  const mail = await startMailEmulator({ ...MAIL_LOGIN, verifiedDomains: [...verifiedDomains] });
  return {
    mail,
    env: {
      EMAIL_SMTP_URL: `smtp://${MAIL_LOGIN.username}:${MAIL_LOGIN.password}@${mail.smtpHost}:${mail.smtpPort}`,
      EMAIL_SMTP_TLS_VERIFY: 'off',
      NODE_ENV: 'development',
    },
    close: () => mail.close(),
  };
}
