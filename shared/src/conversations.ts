import { z } from 'zod';
import { CUSTOMER_MESSAGE_LABELS } from './customer-messages';
import { isUsPhone } from './phone';
import { SMS_STATUSES } from './sms-delivery';
import { plainSmsText, segmentCount } from './sms-segments';

/**
 * Conversations by text with customers (docs/conversations.md): the thread of a phone (texts in
 * and out, oldest first, newest at the bottom), a staff member's reply, "no reply needed", and the
 * today board's conversations waiting for an answer. Read and written by the api, read by the web.
 */

/** Every purpose of a text we send (the database's sms_purpose), with how staff pages name it. */
export const SMS_PURPOSE_LABELS = {
  login_code: 'Login code',
  staff_invite: 'Portal invite',
  ...CUSTOMER_MESSAGE_LABELS,
  staff_reply: 'Reply',
  after_hours_reply: 'Automatic after-hours answer',
  rating_reply: 'Automatic answer to a rating',
} as const;
export type SmsPurpose = keyof typeof SMS_PURPOSE_LABELS;
export const SMS_PURPOSES = Object.keys(SMS_PURPOSE_LABELS) as SmsPurpose[];

/**
 * A reply is one segment when the words allow; a longer one is sent as up to three (459 plain
 * characters, 201 with an emoji), which phones join into one message. Longer than that belongs
 * in a call.
 */
export const STAFF_REPLY_MAX_SEGMENTS = 3;

export const STAFF_REPLY_ERRORS = {
  empty: 'Write the reply first.',
  tooLong: `Too long for a text: shorten it to at most ${STAFF_REPLY_MAX_SEGMENTS} texts (459 plain characters, fewer with emoji), or call the customer.`,
  phone: 'Replies go to US phone numbers only (+1XXXXXXXXXX).',
  optedOut: 'This phone opted out of texts (replied STOP): nothing can be sent to it until it texts START. Call the customer instead.',
  budget: "The company's text budget is used up for now. Try again in a few minutes, or call the customer.",
} as const;

/** E.164 (+ and 8 to 15 digits): people text us from any country; we answer US phones only. */
export const e164Phone = z.string().regex(/^\+[1-9]\d{7,14}$/, 'Give the phone in E.164 form, like +14045551234.');

/**
 * The words of a staff reply as they will be sent: curly quotes, dashes and the like made plain
 * (so one look-alike character does not halve what fits), spaces trimmed, at most
 * STAFF_REPLY_MAX_SEGMENTS segments.
 */
export const staffReplyBody = z
  .string()
  .transform((words) => plainSmsText(words).trim())
  .pipe(
    z
      .string()
      .min(1, STAFF_REPLY_ERRORS.empty)
      .max(1_600, STAFF_REPLY_ERRORS.tooLong)
      .refine((words) => segmentCount(words).segments <= STAFF_REPLY_MAX_SEGMENTS, STAFF_REPLY_ERRORS.tooLong),
  );

/** POST /api/internal/admin/conversations/replies */
export const staffReplySchema = z
  .object({
    phone: e164Phone.refine(isUsPhone, STAFF_REPLY_ERRORS.phone),
    body: staffReplyBody,
  })
  .strict();
export type StaffReply = z.input<typeof staffReplySchema>;

/** POST /api/internal/admin/conversations/handled: every text of the phone up to `through` needs no reply. */
export const markHandledSchema = z
  .object({
    phone: e164Phone,
    /** The newest text the staff member saw: a text that arrived since still waits. */
    through: z.iso.datetime({ offset: true }),
  })
  .strict();
export type MarkHandled = z.input<typeof markHandledSchema>;

/** What the reply form says of the words typed so far: how many texts, and how much more fits. */
export function replyLengthText(words: string): string {
  const plain = plainSmsText(words).trim();
  if (!plain) return 'One text holds 160 plain characters.';
  const count = segmentCount(plain);
  const emoji = count.encoding === 'ucs2' ? ' (an emoji or special character makes each text hold 70)' : '';
  if (count.segments > STAFF_REPLY_MAX_SEGMENTS) return `Too long: ${count.segments} texts${emoji}. At most ${STAFF_REPLY_MAX_SEGMENTS}.`;
  if (count.segments === 1) return `One text, ${count.left} character${count.left === 1 ? '' : 's'} left${emoji}.`;
  return `${count.segments} texts${emoji}: the customer is charged for each. ${count.left} character${count.left === 1 ? '' : 's'} left.`;
}

const instant = z.iso.datetime({ offset: true });

/** A text the customer sent us. */
const inboundItemSchema = z.object({
  direction: z.literal('in'),
  id: z.string(),
  at: instant,
  body: z.string(),
  /** STOP, START or HELP: handled as such (opt-out, opt-in, our HELP answer), never waiting for a reply. */
  keyword: z.enum(['stop', 'start', 'help']).nullable(),
  /** Marked "no reply needed", by whom. */
  handledBy: z.string().nullable(),
  /** Logged on the customer's HubSpot timeline (docs/conversations.md#hubspot). */
  inHubSpot: z.boolean(),
});

/** A text we sent (or were to send) to the phone. */
const outboundItemSchema = z.object({
  direction: z.literal('out'),
  id: z.string(),
  at: instant,
  purpose: z.enum(SMS_PURPOSES as [SmsPurpose, ...SmsPurpose[]]),
  label: z.string(),
  /** The words sent; null for a login code (never kept) and for a text not sent yet or never. */
  body: z.string().nullable(),
  status: z.enum(SMS_STATUSES),
  errorCode: z.number().int().nullable(),
  /** Why it was never sent (canceled). */
  reason: z.string().nullable(),
  /** Who wrote a staff reply. */
  staffEmail: z.string().nullable(),
  /** A queued text that waits for its time (quiet hours): when it goes out. */
  sendsAt: instant.nullable(),
  /** Logged on the customer's HubSpot timeline (docs/conversations.md#hubspot). */
  inHubSpot: z.boolean(),
});

export const threadItemSchema = z.discriminatedUnion('direction', [inboundItemSchema, outboundItemSchema]);
export type ThreadItem = z.output<typeof threadItemSchema>;

/** GET /api/internal/admin/conversations?phone=: one phone's texts in and out. */
export const conversationSchema = z.object({
  phone: z.string(),
  /** The customer with this phone; null: an unknown number. */
  customer: z.object({ id: z.string(), name: z.string() }).nullable(),
  /** Oldest first: the newest is at the bottom. At most CONVERSATION_LIMIT, the latest ones. */
  items: z.array(threadItemSchema),
  /** Earlier texts not in `items`. */
  earlier: z.number().int(),
  /** Since when the customer waits for an answer; null when nobody waits. */
  waitingSince: instant.nullable(),
  /** Whether staff may reply now, else why not (opted out, not a US phone). */
  reply: z.object({ allowed: z.boolean(), reason: z.string().nullable() }),
});
export type Conversation = z.output<typeof conversationSchema>;

/** How many of a phone's latest texts its thread shows. */
export const CONVERSATION_LIMIT = 50;

/** POST /api/internal/admin/conversations/replies answers with the reply as the thread shows it. */
export const staffReplyResultSchema = z.object({ success: z.literal(true), item: outboundItemSchema });

/** A conversation waiting for an answer, as the today board lists it (oldest first). */
export const waitingConversationSchema = z.object({
  phone: z.string(),
  customer: z.object({ id: z.string(), name: z.string() }).nullable(),
  /** The oldest unanswered text: how long the customer has waited. */
  since: instant,
  /** Unanswered texts. */
  texts: z.number().int(),
  /** The newest unanswered text's words, cut to a line. */
  latest: z.string(),
});
export type WaitingConversation = z.output<typeof waitingConversationSchema>;

/** How much of the newest text the board shows. */
export const WAITING_PREVIEW_LENGTH = 80;

export function previewOf(words: string): string {
  const line = words.replace(/\s+/g, ' ').trim();
  return line.length <= WAITING_PREVIEW_LENGTH ? line : `${line.slice(0, WAITING_PREVIEW_LENGTH - 1)}…`;
}

/** A customer who texted us within this long is in the conversation: a reply goes at once, even at night. */
export const LIVE_CONVERSATION_MS = 3 * 3_600_000;

/**
 * When a staff reply may go out. Quiet hours keep our texts from waking customers, but a customer
 * who texted us in the last three hours is in the conversation and waits for the answer: the
 * reply to "can she come at 10 instead?" typed at 21:30 goes at once, as a person's would. A
 * reply to a conversation gone quiet (or one the office starts) waits for 08:00 like any other
 * text that can wait (`sendableAt`, shared/src/quiet-hours.ts).
 */
export function replySendableAt(at: Date, lastTextFrom: Date | null, sendableAt: (at: Date) => Date): Date {
  const live = lastTextFrom !== null && at.getTime() - lastTextFrom.getTime() <= LIVE_CONVERSATION_MS;
  return live ? at : sendableAt(at);
}
