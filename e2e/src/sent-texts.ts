import { expect, inject } from 'vitest';

// The texts the Twilio emulator was asked to send, for the browser tests that read them.

export interface SentText {
  to: string;
  body: string;
}

/** Every text the Twilio emulator was asked to send to `to` (E.164), newest first. */
export async function textsTo(to: string): Promise<SentText[]> {
  const response = await fetch(`${inject('twilioUrl')}/_emulator/messages?to=${encodeURIComponent(to)}`);
  expect(response.status).toBe(200);
  return ((await response.json()) as { messages: SentText[] }).messages;
}

/** Waits for a text to `to` that `match` accepts (the worker sends it in the background). */
export async function waitForText(to: string, match: (body: string) => boolean, timeoutMs = 30_000): Promise<string> {
  let found: string | undefined;
  await expect
    .poll(
      async () => {
        found = (await textsTo(to)).find((m) => match(m.body))?.body;
        return found !== undefined;
      },
      { timeout: timeoutMs, interval: 250 },
    )
    .toBe(true);
  return found ?? '';
}
