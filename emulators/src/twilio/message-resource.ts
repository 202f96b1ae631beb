import { randomBytes } from 'node:crypto';
import { countSegments } from '@app/shared/sms-segments';
import type { MessageRequest } from './validate-message';

/** The statuses an outbound message goes through (see delivery-lifecycle.ts). */
export type MessageStatus = 'accepted' | 'queued' | 'sending' | 'sent' | 'delivered' | 'undelivered' | 'failed' | 'received';

/** A Message resource exactly as Twilio's 2010-04-01 API serialises it (snake_case, strings). */
export interface TwilioMessageResource {
  account_sid: string;
  api_version: '2010-04-01';
  body: string;
  date_created: string;
  date_sent: string;
  date_updated: string;
  /** outbound-api: sent through the API; inbound: a reply to our number; outbound-reply: Twilio's or the webhook's answer to one. */
  direction: 'outbound-api' | 'inbound' | 'outbound-reply';
  /** Set when the message ends undelivered or failed (300xx). */
  error_code: number | null;
  error_message: string | null;
  from: string | null;
  messaging_service_sid: string | null;
  num_media: '0';
  num_segments: string;
  price: null;
  price_unit: 'USD';
  sid: string;
  status: MessageStatus;
  subresource_uris: { media: string; feedback: string };
  to: string;
  uri: string;
}

export function accountPath(accountSid: string): string {
  return `/2010-04-01/Accounts/${accountSid}`;
}

/** RFC 2822 with a numeric zone, the form Twilio sends and the SDK's date parser expects. */
export function rfc2822(date: Date): string {
  return date.toUTCString().replace(/GMT$/, '+0000');
}

export function newMessageSid(): string {
  return `SM${randomBytes(16).toString('hex')}`;
}

/** What sets one message apart; the rest of the resource follows from it. */
export interface MessageFields {
  direction: TwilioMessageResource['direction'];
  from: string | null;
  messagingServiceSid: string | null;
  to: string;
  body: string;
  status: MessageStatus;
}

/** A message resource with a new SID, created `now`. */
export function messageResource(accountSid: string, fields: MessageFields, now: Date): TwilioMessageResource {
  const sid = newMessageSid();
  const uri = `${accountPath(accountSid)}/Messages/${sid}`;
  const date = rfc2822(now);
  return {
    account_sid: accountSid,
    api_version: '2010-04-01',
    body: fields.body,
    date_created: date,
    // A real queued message has no date_sent yet; the emulator hands every message over at once,
    // and the dev inbox sorts and shows by it, so it is filled in from the start.
    date_sent: date,
    date_updated: date,
    direction: fields.direction,
    error_code: null,
    error_message: null,
    from: fields.from,
    messaging_service_sid: fields.messagingServiceSid,
    num_media: '0',
    num_segments: String(countSegments(fields.body)),
    price: null,
    price_unit: 'USD',
    sid,
    status: fields.status,
    subresource_uris: { media: `${uri}/Media.json`, feedback: `${uri}/Feedback.json` },
    to: fields.to,
    uri: `${uri}.json`,
  };
}

/** A message created through the API. */
export function buildMessageResource(accountSid: string, request: MessageRequest, now: Date): TwilioMessageResource {
  return messageResource(
    accountSid,
    {
      direction: 'outbound-api',
      from: request.from,
      messagingServiceSid: request.messagingServiceSid,
      to: request.to,
      body: request.body,
      // Twilio says "accepted" while a Messaging Service still has to pick the sender.
      status: request.from === null ? 'accepted' : 'queued',
    },
    now,
  );
}
