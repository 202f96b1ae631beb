/**
 * What a transactional mail provider's SMTP endpoint refuses, and what the receiving mailbox
 * providers refuse in turn, so that the worker meets the refusals here first:
 * - no sending before AUTH (530), and no AUTH before STARTTLS: smtp-server's own rules;
 * - a wrong login: 535 5.7.8;
 * - a sender (envelope or From header) outside the account's verified domains: 554 5.7.1, as
 *   Amazon SES ("Email address is not verified") and Postmark ("no sender signature") do;
 * - more than 50 recipients a message (SES's limit): 452 4.5.3 for each one past it;
 * - a message over 10 MB (Postmark's limit): 552 5.3.4;
 * - a message without From, Date or Message-ID: Gmail refuses a missing Message-ID since 2024.
 * A one-click unsubscribe that breaks RFC 8058 is not refused (mailboxes ignore it and show no
 * unsubscribe button); `readUnsubscribe` says what the mailbox would make of it.
 */
export const SMTP_LIMITS = { maxRecipients: 50, maxMessageBytes: 10 * 1024 * 1024 } as const;

export class SmtpRefusal extends Error {
  constructor(
    readonly responseCode: number,
    message: string,
  ) {
    super(message);
  }
}

export function domainOf(address: string): string {
  const at = address.lastIndexOf('@');
  return at < 0 ? '' : address.slice(at + 1).toLowerCase();
}

export function checkSender(address: string, verifiedDomains: readonly string[]): void {
  if (!verifiedDomains.includes(domainOf(address))) {
    throw new SmtpRefusal(554, `5.7.1 Message rejected: the sender ${address || '<>'} is not on a verified domain of this account`);
  }
}

export interface ParsedHeaders {
  /** Header names lower-cased. */
  get(name: string): string | undefined;
  fromAddress: string | undefined;
}

const HTTPS_LINK = /<https:\/\/[^>\s]+>/i;

export function checkHeaders(headers: ParsedHeaders, verifiedDomains: readonly string[]): void {
  if (!headers.fromAddress) throw new SmtpRefusal(550, '5.6.0 The message has no From header');
  checkSender(headers.fromAddress, verifiedDomains);
  if (!headers.get('date')) throw new SmtpRefusal(550, '5.6.0 The message has no Date header');
  const messageId = headers.get('message-id');
  if (!messageId || !/^<[^<>@\s]+@[^<>@\s]+>$/.test(messageId)) {
    throw new SmtpRefusal(550, '5.7.1 Messages missing a valid Message-ID header are not accepted');
  }
}

export interface Unsubscribe {
  /** The HTTPS link a one-click unsubscribe posts to; null when there is none. */
  url: string | null;
  /** Whether a mailbox would offer its one-click button (RFC 8058 section 3.1). */
  oneClick: boolean;
  /** Why not, when the message asked for one-click and got it wrong. */
  problem?: string;
}

/** What a mailbox would make of the message's List-Unsubscribe headers (RFC 2369, RFC 8058). */
export function readUnsubscribe(headers: Pick<ParsedHeaders, 'get'>): Unsubscribe | null {
  const list = headers.get('list-unsubscribe');
  const post = headers.get('list-unsubscribe-post');
  if (list === undefined && post === undefined) return null;
  const url = HTTPS_LINK.exec(list ?? '')?.[0].slice(1, -1) ?? null;
  if (post === undefined) return { url, oneClick: false };
  if (post.trim() !== 'List-Unsubscribe=One-Click') return { url, oneClick: false, problem: 'List-Unsubscribe-Post is not "List-Unsubscribe=One-Click"' };
  if (!url) return { url, oneClick: false, problem: 'List-Unsubscribe has no HTTPS link' };
  return { url, oneClick: true };
}
