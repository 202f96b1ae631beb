import type { Context } from 'koa';
import twilio from 'twilio';
import { AppError, errors } from '../errors';

/** A webhook of Twilio's is a few hundred bytes; anything near this is not from Twilio. */
const MAX_FORM_BYTES = 64 * 1024;

/**
 * The form-encoded body as Twilio sent it, one value per name. Parsed with URLSearchParams, not
 * a qs-style parser: the signature covers the names exactly as sent (`a[b]` stays `a[b]`).
 */
async function readFormParams(ctx: Context): Promise<Record<string, string>> {
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

const signatureRefused = () => new AppError(403, 'signature_invalid', 'The request signature is missing or invalid.');

/**
 * The URL Twilio signed: the configured public one (never built from the Host header, which a
 * client or a proxy can set) with the query string exactly as it arrived.
 */
function signedUrl(configuredUrl: string, ctx: Context): string {
  const base = new URL(configuredUrl);
  return `${base.origin}${base.pathname}${ctx.querystring ? `?${ctx.querystring}` : ''}`;
}

/**
 * The parameters of a request from Twilio, once X-Twilio-Signature is Twilio's signature of
 * `configuredUrl` (null: none configured, every request refused) and these parameters; 403
 * otherwise, before anything else is read.
 */
export async function readSignedTwilioForm(ctx: Context, authToken: string, configuredUrl: string | null): Promise<Record<string, string>> {
  const signature = ctx.get('x-twilio-signature');
  if (!signature || !configuredUrl) throw signatureRefused();
  const params = await readFormParams(ctx);
  if (!twilio.validateRequest(authToken, signature, signedUrl(configuredUrl, ctx), params)) throw signatureRefused();
  return params;
}
