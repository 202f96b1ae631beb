import { z } from 'zod';
import type { CallbackLog } from './callback-log';
import type { DeliveryOutcome } from './delivery-failures';
import { rfc2822, type MessageStatus, type TwilioMessageResource } from './message-resource';
import { twilioSignature } from './signature';

export interface DeliveryLifecycleOptions {
  accountSid: string;
  authToken: string;
  /** Pause before each status change. */
  stepMs: number;
  callbacks: CallbackLog;
}

export interface DeliveryLifecycle {
  /**
   * Moves a just-created message through its statuses, posting each change to `statusCallback`.
   * `validityPeriod`: the seconds it may wait in the outgoing queue (null: Twilio's 10 hours).
   */
  start(message: TwilioMessageResource, statusCallback: string | null, outcome: DeliveryOutcome, validityPeriod?: number | null): void;
  /**
   * How long each message created from now on waits in the outgoing queue before it is handed to
   * the carrier, as behind a backlog (a sender sending faster than its throughput); 0: no wait.
   */
  setQueueWait(ms: number): void;
  queueWait(): number;
  /** Stops every message on its way (reset, close); callbacks in flight are aborted. */
  stopAll(): void;
}

/** POST /_emulator/queue: the wait (bounded: a test or a developer waits it out). */
export const queueWaitSchema = z.strictObject({ waitMs: z.number().int().min(0).max(600_000) });

/** Twilio's error for a message that waited in the queue longer than its ValidityPeriod. */
export const VALIDITY_EXPIRED = { errorCode: 30036, errorMessage: 'Validity Period Expired' } as const;

// Twilio gives a status callback up to 15 seconds to answer.
const CALLBACK_TIMEOUT_MS = 15_000;

/**
 * The statuses that follow leaving the queue, each of which Twilio reports by callback (the
 * initial status is never reported): `sent` and `delivered` or `undelivered`, or straight to
 * `failed` when it never left Twilio.
 */
function stepsAfterQueue(outcome: DeliveryOutcome): MessageStatus[] {
  return outcome.status === 'failed' ? ['failed'] : ['sent', outcome.status];
}

/** YYMMDDhhmm in UTC: the carrier's "done date" Twilio passes on with delivered and undelivered. */
function rawDlrDoneDate(at: Date): string {
  return at.toISOString().replace(/\D/g, '').slice(2, 12);
}

/** The form Twilio posts for one status change of an outbound message. */
function callbackParams(accountSid: string, message: TwilioMessageResource, at: Date): Record<string, string> {
  const params: Record<string, string> = {
    AccountSid: accountSid,
    ApiVersion: '2010-04-01',
    MessageSid: message.sid,
    MessageStatus: message.status,
    SmsSid: message.sid,
    SmsStatus: message.status,
    To: message.to,
  };
  if (message.from !== null) params.From = message.from;
  if (message.messaging_service_sid !== null) params.MessagingServiceSid = message.messaging_service_sid;
  if (message.error_code !== null) params.ErrorCode = String(message.error_code);
  if (message.status === 'delivered' || message.status === 'undelivered') params.RawDlrDoneDate = rawDlrDoneDate(at);
  return params;
}

export function createDeliveryLifecycle(options: DeliveryLifecycleOptions): DeliveryLifecycle {
  const timers = new Set<NodeJS.Timeout>();
  let aborter = new AbortController();

  const pause = (ms: number, signal: AbortSignal) =>
    new Promise<boolean>((resolve) => {
      if (signal.aborted) return resolve(false);
      const onAbort = () => resolve(false);
      const timer = setTimeout(() => {
        timers.delete(timer);
        signal.removeEventListener('abort', onAbort);
        resolve(!signal.aborted);
      }, ms);
      timers.add(timer);
      signal.addEventListener('abort', onAbort, { once: true });
    });

  async function post(url: string, message: TwilioMessageResource, at: Date, signal: AbortSignal): Promise<void> {
    const params = callbackParams(options.accountSid, message, at);
    const entry = { at: at.toISOString(), sid: message.sid, status: message.status, url, responseStatus: null as number | null, error: null as string | null };
    try {
      const response = await fetch(url, {
        method: 'POST',
        headers: {
          'content-type': 'application/x-www-form-urlencoded; charset=utf-8',
          'x-twilio-signature': twilioSignature(options.authToken, url, params),
          'user-agent': 'TwilioProxy/1.1',
        },
        body: new URLSearchParams(params).toString(),
        signal: AbortSignal.any([signal, AbortSignal.timeout(CALLBACK_TIMEOUT_MS)]),
      });
      await response.arrayBuffer();
      entry.responseStatus = response.status;
    } catch (error) {
      // Like Twilio, an unreachable or failing app does not stop the message's lifecycle.
      entry.error = error instanceof Error ? error.message : String(error);
    }
    if (!signal.aborted) options.callbacks.add(entry);
  }

  /** One status change: after a pause, the resource changes and the callback is posted. False once stopped. */
  async function step(message: TwilioMessageResource, status: MessageStatus, failure: { errorCode: number; errorMessage: string } | null, statusCallback: string | null, signal: AbortSignal): Promise<boolean> {
    if (!(await pause(options.stepMs, signal))) return false;
    const at = new Date();
    message.status = status;
    message.date_updated = rfc2822(at);
    if (failure && (status === 'undelivered' || status === 'failed')) {
      message.error_code = failure.errorCode;
      message.error_message = failure.errorMessage;
    }
    // One callback at a time, in order, as a message's changes happen one after the other.
    if (statusCallback) await post(statusCallback, message, at, signal);
    return true;
  }

  async function run(message: TwilioMessageResource, statusCallback: string | null, outcome: DeliveryOutcome, validityPeriod: number | null, wait: number, signal: AbortSignal) {
    const submittedAt = Date.now();
    // A Messaging Service's `accepted` message is `queued` once a sender is picked.
    if (message.status === 'accepted' && !(await step(message, 'queued', null, statusCallback, signal))) return;
    if (wait > 0 && !(await pause(wait, signal))) return;
    // Twilio checks the validity period when the message leaves the queue: one that waited longer
    // is never handed to the carrier, and fails with 30036.
    if (validityPeriod !== null && Date.now() - submittedAt > validityPeriod * 1000) {
      await step(message, 'failed', VALIDITY_EXPIRED, statusCallback, signal);
      return;
    }
    const failure = outcome.status === 'delivered' ? null : outcome;
    for (const status of stepsAfterQueue(outcome)) {
      if (!(await step(message, status, failure, statusCallback, signal))) return;
    }
  }

  let queueWait = 0;
  return {
    start(message, statusCallback, outcome, validityPeriod = null) {
      void run(message, statusCallback, outcome, validityPeriod, queueWait, aborter.signal);
    },
    setQueueWait(ms) {
      queueWait = ms;
    },
    queueWait: () => queueWait,
    stopAll() {
      queueWait = 0;
      aborter.abort();
      aborter = new AbortController();
      for (const timer of timers) clearTimeout(timer);
      timers.clear();
    },
  };
}
