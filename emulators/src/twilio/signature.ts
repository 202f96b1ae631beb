import { createHmac } from 'node:crypto';

/**
 * X-Twilio-Signature of a form-encoded webhook, computed the way Twilio documents it (webhooks
 * security): the full URL Twilio calls, followed by every POST parameter's name and value
 * concatenated, names in sorted order and without separators; HMAC-SHA1 of that string keyed
 * with the account's auth token, base64-encoded. Written here, not taken from the SDK, so the
 * SDK's `validateRequest` in the api checks an independent implementation.
 */
export function twilioSignature(authToken: string, url: string, params: Readonly<Record<string, string>>): string {
  const signed = Object.keys(params)
    .sort()
    .reduce((text, name) => text + name + params[name], url);
  return createHmac('sha1', authToken).update(signed, 'utf8').digest('base64');
}
