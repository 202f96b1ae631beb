import { twilioError, type TwilioError } from './twilio-errors';

export interface MessageRequest {
  to: string;
  from: string | null;
  messagingServiceSid: string | null;
  body: string;
  /** Where to post the message's status changes. */
  statusCallback: string | null;
  /** Seconds the message may wait in Twilio's outgoing queue (ValidityPeriod); null: Twilio's default, the maximum. */
  validityPeriod: number | null;
}

export const E164 = /^\+[1-9]\d{1,14}$/;
// A sender can also be a short code or an alphanumeric sender ID (letters required, at most 11).
const SHORT_CODE = /^\d{5,6}$/;
const ALPHANUMERIC_SENDER = /^(?=.*[A-Za-z])[A-Za-z0-9 ]{1,11}$/;
const MESSAGING_SERVICE_SID = /^MG[0-9a-fA-F]{32}$/;
const MAX_BODY_CHARS = 1600;
const MAX_CALLBACK_CHARS = 4000;

/**
 * ValidityPeriod: whole seconds from 1 to 36,000 (10 hours, also the default), as the Messages
 * resource documents it; Twilio answers anything else with 21624 ("Invalid validity period
 * value"). The maximum went from 4 to 10 hours in May 2025.
 */
export const VALIDITY_PERIOD = { min: 1, max: 36_000 } as const;

/** The ValidityPeriod parameter: absent (null), seconds, or not a value Twilio takes. */
function validityPeriodOf(params: URLSearchParams): number | null | TwilioError {
  const value = field(params, 'ValidityPeriod');
  if (value === null) return null;
  const seconds = /^\d{1,6}$/.test(value.trim()) ? Number(value.trim()) : NaN;
  if (!(seconds >= VALIDITY_PERIOD.min && seconds <= VALIDITY_PERIOD.max)) {
    return twilioError(400, 21624, `The ValidityPeriod ${value} is invalid: it must be a whole number of seconds from ${VALIDITY_PERIOD.min} to ${VALIDITY_PERIOD.max}.`);
  }
  return seconds;
}

/** 21609's rules: a fully qualified http(s) URL of at most 4000 characters, no underscore in the host. */
function isValidCallbackUrl(value: string): boolean {
  if (value.length > MAX_CALLBACK_CHARS) return false;
  try {
    const url = new URL(value);
    return (url.protocol === 'http:' || url.protocol === 'https:') && url.hostname !== '' && !url.hostname.includes('_');
  } catch {
    return false;
  }
}

// Twilio's documented magic "To" numbers (meant for test credentials): they let a test or a
// developer provoke the permanent failures a real carrier would cause, through the normal API.
const MAGIC_TO_NUMBERS: Record<string, (to: string, from: string) => TwilioError> = {
  '+15005550001': (to) => twilioError(400, 21211, `The 'To' number ${to} is not a valid phone number.`),
  '+15005550002': (to, from) =>
    twilioError(400, 21612, `The 'To' phone number: ${to}, is not currently reachable using the 'From' phone number: ${from} via SMS.`),
  '+15005550003': (to) =>
    twilioError(400, 21408, `Permission to send an SMS has not been enabled for the region indicated by the 'To' number: ${to}.`),
  '+15005550004': () => twilioError(400, 21610, 'Attempt to send to unsubscribed recipient'),
  '+15005550009': () => twilioError(400, 21614, "'To' number is not a valid mobile number"),
};

// The magic "From" numbers of Twilio's test credentials. +15005550006 passes (like any other
// sender here: the emulator cannot know which numbers an account owns, so it does not refuse the
// rest with 21606 as test credentials do).
const MAGIC_FROM_NUMBERS: Record<string, (from: string) => TwilioError> = {
  '+15005550001': (from) => twilioError(400, 21212, `The 'From' number ${from} is not a valid phone number, shortcode, or alphanumeric sender ID.`),
  '+15005550007': (from) => twilioError(400, 21606, `The 'From' phone number ${from} is not a message-capable Twilio phone number of this account.`),
  '+15005550008': () => twilioError(400, 21611, "This 'From' number has exceeded the maximum number of queued messages."),
};

function field(params: URLSearchParams, name: string): string | null {
  const value = params.get(name);
  return value === null || value.trim() === '' ? null : value;
}

/** Checks a create request in the order Twilio reports problems: To, sender, Body, StatusCallback, ValidityPeriod. */
export function validateMessageRequest(params: URLSearchParams): MessageRequest | TwilioError {
  const to = field(params, 'To');
  if (to === null) return twilioError(400, 21604, "A 'To' phone number is required.");
  if (!E164.test(to)) return twilioError(400, 21211, `The 'To' number ${to} is not a valid phone number.`);

  const from = field(params, 'From');
  const messagingServiceSid = field(params, 'MessagingServiceSid');
  if (from === null && messagingServiceSid === null) {
    return twilioError(400, 21603, "A 'From' phone number is required.");
  }
  if (from !== null && !E164.test(from) && !SHORT_CODE.test(from) && !ALPHANUMERIC_SENDER.test(from)) {
    return twilioError(400, 21212, `The 'From' number ${from} is not a valid phone number, shortcode, or alphanumeric sender ID.`);
  }
  if (messagingServiceSid !== null && !MESSAGING_SERVICE_SID.test(messagingServiceSid)) {
    return twilioError(400, 21701, `The Messaging Service Sid ${messagingServiceSid} is invalid.`);
  }

  const body = field(params, 'Body');
  if (body === null) return twilioError(400, 21602, 'Message body is required.');
  if (body.length > MAX_BODY_CHARS) {
    return twilioError(400, 21617, 'The concatenated message body exceeds the 1600 character limit.');
  }

  const statusCallback = field(params, 'StatusCallback');
  if (statusCallback !== null && !isValidCallbackUrl(statusCallback)) {
    return twilioError(400, 21609, `The StatusCallback URL ${statusCallback} is not a valid URL.`);
  }

  const validityPeriod = validityPeriodOf(params);
  if (validityPeriod !== null && typeof validityPeriod === 'object') return validityPeriod;

  const magic = MAGIC_TO_NUMBERS[to];
  if (magic) return magic(to, from ?? messagingServiceSid ?? '');
  const magicFrom = from === null ? undefined : MAGIC_FROM_NUMBERS[from];
  if (magicFrom) return magicFrom(from ?? '');

  return { to, from, messagingServiceSid, body, statusCallback, validityPeriod };
}

export function isTwilioError(value: MessageRequest | TwilioError): value is TwilioError {
  return 'status' in value && 'body' in value && typeof value.body === 'object';
}
