import { expect, inject } from 'vitest';

// The e-mails the mail emulator took, for the browser tests that read them, and the mailbox's side:
// an address that stops taking mail.

export interface InboxMail {
  /** The emulator's id: the dev inbox's page for it is /messages/<id>. */
  id: string;
  subject: string;
  text: string;
  html: string | null;
  envelopeTo: string[];
  /** What the emulator reports for each recipient: delivered, bounced, complained, deferred. */
  outcomes: Record<string, string>;
}

/** Every e-mail the mail emulator took for `to`, newest first. */
export async function mailTo(to: string): Promise<InboxMail[]> {
  const response = await fetch(`${inject('mailUrl')}/_emulator/messages?to=${encodeURIComponent(to)}`);
  expect(response.status).toBe(200);
  return ((await response.json()) as { messages: InboxMail[] }).messages;
}

/** The subjects of the e-mails taken for `to`, newest first. */
export async function subjectsTo(to: string): Promise<string[]> {
  return (await mailTo(to)).map((m) => m.subject);
}

/** Waits for an e-mail to `to` whose subject `match` accepts (the worker sends it in the background). */
export async function waitForMail(to: string, match: (subject: string) => boolean, timeoutMs = 45_000): Promise<InboxMail> {
  let found: InboxMail | undefined;
  await expect
    .poll(
      async () => {
        found = (await mailTo(to)).find((m) => match(m.subject));
        return found !== undefined;
      },
      { timeout: timeoutMs, interval: 250 },
    )
    .toBe(true);
  return found!;
}

/** The dev mail inbox page, listing only the e-mail to `to`. */
export const inboxPageFor = (to: string): string => `${inject('mailUrl')}/?to=${encodeURIComponent(to)}`;

/** The address's mailbox is closed: its next e-mails hard-bounce (the provider reports it to the api's webhook). */
export async function closeMailbox(address: string): Promise<void> {
  const response = await fetch(`${inject('mailUrl')}/_emulator/mailboxes/${encodeURIComponent(address)}`, { method: 'PUT', body: JSON.stringify({ outcome: 'bounced' }) });
  expect(response.status).toBe(200);
}
