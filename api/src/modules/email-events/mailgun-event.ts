import { z } from 'zod';

/**
 * The e-mail provider's webhook in Mailgun's published format (application/json): the event in
 * `event-data`, and beside it `signature` = { timestamp, token, signature }, the signature being
 * the hex HMAC-SHA256 of timestamp + token under the webhook signing key. Only what we read is
 * checked; Mailgun adds fields over time, and unknown ones are let through.
 */
export const mailgunSignatureSchema = z.object({
  // Seconds since 1970; sent as a string of digits.
  timestamp: z.union([z.string().regex(/^\d{1,12}$/, 'must be seconds since 1970'), z.number().int().nonnegative().transform(String)]),
  // 50 random characters at Mailgun; bounded so a stored token stays small.
  token: z.string().min(10, 'must be the token Mailgun sent').max(200),
  signature: z.string().regex(/^[0-9a-f]{64}$/i, 'must be 64 hexadecimal digits (HMAC-SHA256)'),
});
export type MailgunSignature = z.output<typeof mailgunSignatureSchema>;

const address = z.string().trim().toLowerCase().pipe(z.email('must be an e-mail address'));

/** The fields of `event-data` an e-mail event needs (other events are accepted and ignored). */
const eventData = z.object({
  event: z.string().min(1),
  /** When it happened, in seconds (with a fraction). */
  timestamp: z.number().positive(),
  recipient: address,
  severity: z.enum(['permanent', 'temporary']).optional(),
  reason: z.string().max(200).optional(),
  message: z.object({ headers: z.object({ 'message-id': z.string().max(998).optional() }).optional() }).optional(),
  'delivery-status': z
    .object({
      code: z.union([z.number(), z.string()]).optional(),
      'enhanced-code': z.string().optional(),
      message: z.string().optional(),
      description: z.string().optional(),
    })
    .optional(),
});

export const mailgunWebhookSchema = z.object({
  signature: mailgunSignatureSchema,
  'event-data': z.object({ event: z.string().min(1, 'must name the event') }).loose(),
});

/** What an event of the provider's means here. */
export type EmailEvent =
  | { kind: 'bounced'; recipient: string; messageId: string | null; detail: string; at: Date }
  | { kind: 'complained'; recipient: string; messageId: string | null; at: Date }
  | { kind: 'delivered'; recipient: string; messageId: string | null; at: Date }
  /** Said nothing that stops or resumes e-mail: a temporary failure, an open, a click… */
  | { kind: 'ignored'; event: string; why: string };

/** The events that change what we send; every other is taken and ignored. */
const READ_EVENTS = new Set(['failed', 'complained', 'delivered']);

/** The longest text kept from the provider (staff read it; a runaway one must not fill the row). */
const DETAIL_MAX = 500;

/** The provider's words for a failure: its SMTP code and the receiving server's (or its own) text. */
function failureDetail(data: z.output<typeof eventData>): string {
  const status = data['delivery-status'];
  const words = [status?.description, status?.message].map((s) => s?.trim()).find(Boolean);
  const code = status?.code === undefined || status.code === '' ? '' : `${status.code} `;
  const enhanced = status?.['enhanced-code'] && !words?.startsWith(status['enhanced-code']) ? `${status['enhanced-code']} ` : '';
  const text = words ? `${code}${enhanced}${words}` : `${code}${data.reason ?? 'The receiving server refused the e-mail for good.'}`;
  return text.trim().slice(0, DETAIL_MAX);
}

/**
 * Our e-mail's id from its Message-ID as the provider reports it ('<id@domain>' or 'id@domain':
 * Mailgun drops the angle brackets), or null when it is not one of ours (the id is a UUID).
 */
export function emailIdOf(messageId: string | undefined): string | null {
  const bare = messageId?.trim().replace(/^<|>$/g, '') ?? '';
  const local = bare.slice(0, bare.lastIndexOf('@'));
  return /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i.test(local) ? local.toLowerCase() : null;
}

/**
 * The event a signed body carries. `signedAt` bounds its time: an event cannot have happened
 * after the provider signed its report. Throws a ZodError naming the field (400) when a field
 * the event needs is missing or wrong.
 */
export function readEmailEvent(raw: z.output<typeof mailgunWebhookSchema>['event-data'], signedAt: Date): EmailEvent {
  if (!READ_EVENTS.has(raw.event)) return { kind: 'ignored', event: raw.event, why: 'not an event about delivery' };
  const parsed = eventData.safeParse(raw);
  if (!parsed.success) throw new z.ZodError(parsed.error.issues.map((issue) => ({ ...issue, path: ['event-data', ...issue.path] })));
  const data = parsed.data;
  if (data.event === 'failed' && !data.severity) {
    throw new z.ZodError([{ code: 'custom', path: ['event-data', 'severity'], message: 'is required for a failed event (permanent or temporary)', input: undefined }]);
  }
  const at = new Date(Math.min(data.timestamp * 1000, signedAt.getTime()));
  const base = { recipient: data.recipient, messageId: emailIdOf(data.message?.headers?.['message-id']), at };
  if (data.event === 'complained') return { kind: 'complained', ...base };
  if (data.event === 'delivered') return { kind: 'delivered', ...base };
  // A temporary failure (a full mailbox, greylisting) is retried by the provider: nothing stops.
  if (data.severity === 'temporary') return { kind: 'ignored', event: data.event, why: 'a temporary failure' };
  return { kind: 'bounced', ...base, detail: failureDetail(data) };
}
