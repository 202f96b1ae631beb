import type { Context } from 'koa';
import { errors } from '../../errors';

/** A status callback is a few hundred bytes; anything near this is not from Twilio. */
const MAX_FORM_BYTES = 64 * 1024;

/**
 * The form-encoded body as Twilio sent it, one value per name. Parsed with URLSearchParams, not
 * a qs-style parser: the signature covers the names exactly as sent (`a[b]` stays `a[b]`).
 */
export async function readFormParams(ctx: Context): Promise<Record<string, string>> {
  if (!ctx.is('application/x-www-form-urlencoded')) throw errors.unsupportedMediaType();
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of ctx.req) {
    const buffer = chunk as Buffer;
    size += buffer.length;
    if (size > MAX_FORM_BYTES) throw errors.payloadTooLarge();
    chunks.push(buffer);
  }
  return Object.fromEntries(new URLSearchParams(Buffer.concat(chunks).toString('utf8')));
}
