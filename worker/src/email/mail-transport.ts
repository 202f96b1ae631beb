import nodemailer from 'nodemailer';
import type { ProviderFailure } from '../jobs/job-errors';

export interface MailTransportOptions {
  /** smtp://user:password@host:587 (STARTTLS) or smtps://user:password@host:465 (TLS from the start). */
  smtpUrl: string;
  /** Check the server's certificate: always in production; off only for the local emulator's own. */
  verifyTls: boolean;
  /** Per-connection and per-command timeout. */
  timeoutMs?: number;
}

export interface OutgoingMail {
  /** Our Message-ID, '<id@domain>': the same on every retry, so a mailbox shows a resend once. */
  messageId: string;
  from: string;
  to: string;
  subject: string;
  text: string;
  html: string;
  /** When the notice was written: the same on every retry. */
  date: Date;
  /** Extra headers (List-Unsubscribe and List-Unsubscribe-Post for reminders and rating requests). */
  headers?: Record<string, string>;
}

export interface MailTransport {
  /** Hands the message to the provider; resolves with its answer ('250 2.0.0 Ok: queued as …'). */
  send(mail: OutgoingMail): Promise<{ response: string }>;
  /** Connects and logs in without sending (npm run email:check). */
  verify(): Promise<void>;
  close(): void;
}

const DEFAULT_TIMEOUT_MS = 15_000;

/** A provider's SMTP submission endpoint through nodemailer: STARTTLS required on a plain port. */
export function createMailTransport(options: MailTransportOptions): MailTransport {
  const url = new URL(options.smtpUrl);
  const secure = url.protocol === 'smtps:';
  const timeout = options.timeoutMs ?? DEFAULT_TIMEOUT_MS;
  const transporter = nodemailer.createTransport({
    host: url.hostname,
    port: Number(url.port) || (secure ? 465 : 587),
    secure,
    // Never send a password or a customer's address in clear text: a server that offers no
    // STARTTLS is refused rather than talked to without it.
    requireTLS: !secure,
    auth: url.username ? { user: decodeURIComponent(url.username), pass: decodeURIComponent(url.password) } : undefined,
    tls: { rejectUnauthorized: options.verifyTls },
    connectionTimeout: timeout,
    greetingTimeout: timeout,
    socketTimeout: timeout,
    pool: true,
    maxConnections: 2,
  });
  return {
    async send(mail) {
      const info = await transporter.sendMail({
        messageId: mail.messageId,
        from: mail.from,
        to: mail.to,
        subject: mail.subject,
        text: mail.text,
        html: mail.html,
        headers: mail.headers,
        date: mail.date,
      });
      return { response: String(info.response) };
    },
    async verify() {
      await transporter.verify();
    },
    close: () => transporter.close(),
  };
}

/**
 * What a failed send means. SMTP says it in the reply code: 4xx is "try again later", 5xx is
 * "never" (a wrong login, an unverified sender, a refused recipient); a connection that failed,
 * timed out or dropped before the answer is transient too (the message may have arrived: the
 * retry carries the same Message-ID).
 */
export function classifyMailError(error: unknown): ProviderFailure {
  const e = error as { responseCode?: number; response?: string; code?: string; message?: string };
  const message = e.response ?? e.message ?? String(error);
  if (typeof e.responseCode === 'number') {
    if (e.responseCode >= 400 && e.responseCode < 500) return { kind: 'transient', reason: `SMTP ${e.responseCode}: ${message}` };
    if (e.responseCode >= 500) return { kind: 'permanent', status: e.responseCode, message };
  }
  // A login refused without a code (nodemailer's EAUTH) cannot heal by itself either.
  if (e.code === 'EAUTH') return { kind: 'permanent', status: 535, message };
  return { kind: 'transient', reason: `${e.code ?? 'error'}: ${message}` };
}
