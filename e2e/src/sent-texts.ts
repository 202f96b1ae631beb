import { expect, inject } from 'vitest';

// The texts the Twilio emulator was asked to send, for the browser tests that read them, and the
// customer's side: a text from a phone, which the emulator posts signed to the api.

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

export interface InboundOutcome {
  /** What Twilio itself answered (its answers to STOP, START and HELP). */
  replies: { body: string }[];
  /** How the api answered the emulator's signed webhook. */
  webhook: { status: number | null } | null;
}

/** The customer at `from` (E.164) texts `body` to our number. */
export async function textFrom(from: string, body: string): Promise<InboundOutcome> {
  const response = await fetch(`${inject('twilioUrl')}/_emulator/inbound`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ from, body }),
  });
  expect(response.status).toBe(200);
  return (await response.json()) as InboundOutcome;
}
