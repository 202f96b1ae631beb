import { z } from 'zod';
import type { DeliveryLifecycle } from './delivery-lifecycle';
import { messageResource, type MessageFields, type TwilioMessageResource } from './message-resource';
import type { MessageStore } from './message-store';
import { KEYWORD_REPLIES, keywordOf, type OptOutList } from './opt-outs';
import { twilioSignature } from './signature';
import { E164 } from './validate-message';

// Twilio gives a messaging webhook up to 15 seconds to answer.
const WEBHOOK_TIMEOUT_MS = 15_000;

export const inboundSchema = z.object({
  from: z.string().regex(E164, 'must be an E.164 number like +14045551234'),
  body: z.string().min(1).max(1600),
  /** Our number it was sent to; default: the emulator's number. */
  to: z.string().regex(E164).optional(),
});
export type InboundSpec = z.input<typeof inboundSchema>;

export interface InboundContext {
  accountSid: string;
  authToken: string;
  /** The number replies go to when the request names none. */
  phoneNumber: string;
  /**
   * Where Twilio posts a text to `to`: the number's Messaging Service's inbound URL, or the
   * number's own webhook when the service defers to it; null: none (keywords still apply).
   */
  webhookFor(to: string): string | null;
  store: MessageStore;
  optOuts: OptOutList;
  lifecycle: DeliveryLifecycle;
}

export interface InboundOutcome {
  message: TwilioMessageResource;
  /** What the webhook answered: its status and the messages its TwiML replied with; null when none is configured. */
  webhook: { status: number | null; error: string | null } | null;
  /** Messages sent back: Twilio's keyword answer and the webhook's TwiML replies. */
  replies: TwilioMessageResource[];
}

/** A message of this exchange: between a phone and our number, never through a Messaging Service. */
const resource = (accountSid: string, fields: Omit<MessageFields, 'messagingServiceSid'>) => messageResource(accountSid, { ...fields, messagingServiceSid: null }, new Date());

const XML_ENTITIES: Readonly<Record<string, string>> = { '&lt;': '<', '&gt;': '>', '&quot;': '"', '&apos;': "'", '&amp;': '&' };
const unescapeXml = (text: string) =>
  text.replace(/&(?:(lt|gt|quot|apos|amp)|#(\d+)|#x([0-9a-fA-F]+));/g, (entity, _name, decimal?: string, hex?: string) =>
    decimal ? String.fromCodePoint(Number(decimal)) : hex ? String.fromCodePoint(parseInt(hex, 16)) : XML_ENTITIES[entity]!,
  );

/** The texts a TwiML answer replies with: each <Message>, as plain text or with a <Body>. */
export function twimlReplies(twiml: string): string[] {
  const replies: string[] = [];
  for (const match of twiml.matchAll(/<Message(?:\s[^>]*)?>([\s\S]*?)<\/Message>/g)) {
    const inner = match[1]!;
    const body = /<Body>([\s\S]*?)<\/Body>/.exec(inner)?.[1] ?? inner;
    const text = unescapeXml(body.trim());
    if (text) replies.push(text);
  }
  return replies;
}

/**
 * A text from a phone to our number, as Twilio handles it: a keyword changes the opt-out list
 * and gets Twilio's standard answer (none to HELP from an opted-out phone); then the message is
 * posted, signed, to the number's webhook, whose TwiML <Message> replies are sent back (except
 * to an opted-out phone, which Twilio would refuse).
 */
export async function receiveInbound(context: InboundContext, spec: z.output<typeof inboundSchema>): Promise<InboundOutcome> {
  const to = spec.to ?? context.phoneNumber;
  const message = resource(context.accountSid, { direction: 'inbound', from: spec.from, to, body: spec.body, status: 'received' });
  context.store.add(message);
  const replies: TwilioMessageResource[] = [];
  const reply = (body: string) => {
    const answer = resource(context.accountSid, { direction: 'outbound-reply', from: to, to: spec.from, body, status: 'queued' });
    context.store.add(answer);
    context.lifecycle.start(answer, null, { status: 'delivered' });
    replies.push(answer);
  };

  const keyword = keywordOf(spec.body);
  if (keyword === 'stop') context.optOuts.add(spec.from);
  if (keyword === 'start') context.optOuts.remove(spec.from);
  if (keyword && !(keyword === 'help' && context.optOuts.has(spec.from))) reply(KEYWORD_REPLIES[keyword]);

  const webhookUrl = context.webhookFor(to);
  if (!webhookUrl) return { message, webhook: null, replies };
  const params: Record<string, string> = {
    AccountSid: context.accountSid,
    ApiVersion: '2010-04-01',
    Body: spec.body,
    From: spec.from,
    MessageSid: message.sid,
    NumMedia: '0',
    NumSegments: message.num_segments,
    SmsMessageSid: message.sid,
    SmsSid: message.sid,
    SmsStatus: 'received',
    To: to,
  };
  const webhook = { status: null as number | null, error: null as string | null };
  try {
    const response = await fetch(webhookUrl, {
      method: 'POST',
      headers: {
        'content-type': 'application/x-www-form-urlencoded; charset=utf-8',
        'x-twilio-signature': twilioSignature(context.authToken, webhookUrl, params),
        'user-agent': 'TwilioProxy/1.1',
      },
      body: new URLSearchParams(params).toString(),
      signal: AbortSignal.timeout(WEBHOOK_TIMEOUT_MS),
    });
    webhook.status = response.status;
    const twiml = await response.text();
    if (response.ok && !context.optOuts.has(spec.from)) for (const text of twimlReplies(twiml)) reply(text);
  } catch (error) {
    webhook.error = error instanceof Error ? error.message : String(error);
  }
  return { message, webhook, replies };
}
