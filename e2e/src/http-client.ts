import { expect, inject } from 'vitest';
import { appUrl } from './app-url';
import { uniqueClientAddress } from './client-address';

/**
 * A client of the running app without a browser: keeps the cookies it is given and sends them
 * back, with whatever headers an attacker chooses. For the security tests, which send what no
 * browser would (forged headers, broken bodies, replayed cookies). Unless told otherwise it is a
 * client address of its own.
 */
export class HttpClient {
  readonly cookies = new Map<string, string>();

  private readonly headers: Record<string, string>;

  constructor(headers: Record<string, string> = {}) {
    this.headers = { 'x-forwarded-for': uniqueClientAddress(), ...headers };
  }

  get cookieHeader(): string {
    return [...this.cookies].map(([k, v]) => `${k}=${v}`).join('; ');
  }

  async request(path: string, init: { method?: string; json?: unknown; body?: string; headers?: Record<string, string> } = {}): Promise<Response> {
    const headers: Record<string, string> = { ...this.headers, ...init.headers };
    if (this.cookies.size > 0) headers.cookie = this.cookieHeader;
    let body = init.body;
    if (init.json !== undefined) {
      body = JSON.stringify(init.json);
      headers['content-type'] ??= 'application/json';
    }
    const res = await fetch(appUrl(path), { method: init.method ?? (body === undefined ? 'GET' : 'POST'), headers, body, redirect: 'manual' });
    for (const line of res.headers.getSetCookie()) {
      const [pair] = line.split(';');
      const at = (pair ?? '').indexOf('=');
      if (at <= 0) continue;
      const [name, value] = [pair!.slice(0, at), pair!.slice(at + 1)];
      if (value === '') this.cookies.delete(name);
      else this.cookies.set(name, value);
    }
    return res;
  }

  post(path: string, json: unknown, headers: Record<string, string> = {}): Promise<Response> {
    return this.request(path, { method: 'POST', json, headers });
  }
}

interface TextedMessage {
  body: string;
}

/** Bodies of the texts the Twilio emulator took for `phone`, newest first. */
export async function textsTo(phone: string): Promise<string[]> {
  const outbox = new URL('/_emulator/messages', inject('twilioUrl'));
  outbox.searchParams.set('to', phone);
  const { messages } = (await (await fetch(outbox)).json()) as { messages: TextedMessage[] };
  return messages.map((m) => m.body);
}

/** The newest login code texted to `phone` that is not one of `seen`, once the worker has sent it. */
export async function nextLoginCode(phone: string, seen: readonly string[] = []): Promise<string> {
  let code: string | undefined;
  await expect
    .poll(
      async () => {
        code = (await textsTo(phone)).map((body) => /\b(\d{6})\b/.exec(body)?.[1]).find((c) => c !== undefined && !seen.includes(c));
        return code;
      },
      { timeout: 20_000, interval: 250 },
    )
    .toMatch(/^\d{6}$/);
  return code!;
}
