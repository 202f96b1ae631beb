import { z } from 'zod';

/** The SMTP submission URL: smtp:// (STARTTLS, port 587) or smtps:// (TLS, port 465), with its login. */
const smtpUrl = z.string().refine((value) => {
  try {
    const url = new URL(value);
    return (url.protocol === 'smtp:' || url.protocol === 'smtps:') && url.hostname !== '';
  } catch {
    return false;
  }
}, 'must be an smtp:// or smtps:// URL, e.g. smtp://user:password@smtp.provider.example:587');

/**
 * The e-mail settings (docs/email.md), read by the worker and by `npm run email:check`. Every
 * transactional provider speaks SMTP, so the provider is named only for the guide's checks.
 */
export const emailEnv = {
  /** The provider's SMTP endpoint with its login; required in production (outside it: the local mail emulator). */
  EMAIL_SMTP_URL: smtpUrl.optional(),
  /** The provider: it names the setup steps `npm run email:check` prints. */
  EMAIL_PROVIDER: z.enum(['postmark', 'ses', 'sendgrid', 'mailgun', 'other']).default('other'),
  /** 'Name <address>' the customers see; unset: the company's name and e-mail (COMPANY_CONFIG). */
  EMAIL_FROM: z.string().min(3).optional(),
  /** Check the provider's TLS certificate (on in production; the local emulator's own certificate is not one to check). */
  EMAIL_SMTP_TLS_VERIFY: z.enum(['on', 'off']).optional(),
};

/** The From address: 'Name <address>' or a bare address; the address part, lower-cased. */
export function senderAddress(from: string): string {
  const bracketed = /<([^<>\s]+@[^<>\s]+)>\s*$/.exec(from);
  return (bracketed?.[1] ?? from.trim()).toLowerCase();
}
