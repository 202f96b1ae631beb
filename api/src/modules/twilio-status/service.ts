import { z } from 'zod';
import { liftDeliveryHold, recordDeliveryHold } from '@app/db/sms-delivery-hold';
import { fromTwilioStatus, isFailedDelivery, statusesBefore, type SmsStatus } from '@app/shared/sms-delivery';
import { isHoldingError } from '@app/shared/sms-delivery-hold';
import type { ModuleDeps } from '../registry';
import { applyStatus, type ChangedMessage } from './repository';

const optionalText = z.preprocess((v) => (v === '' ? undefined : v), z.string().max(1_000).optional());

/** The parameters of a Messaging status callback we use; Twilio sends more (and may add some). */
const callbackSchema = z.object({
  MessageSid: z.string().regex(/^(SM|MM)[0-9a-fA-F]{32}$/),
  MessageStatus: z.string().min(1).max(40),
  ErrorCode: z.preprocess((v) => (v === '' ? undefined : v), z.coerce.number().int().min(0).max(99_999).optional()),
  ErrorMessage: optionalText,
});

export type StatusOutcome =
  | {
      kind: 'recorded';
      message: ChangedMessage;
      sid: string;
      status: SmsStatus;
      errorCode: number | null;
      errorMessage: string | null;
      /** What it did to the phone's hold: held back (30006/30007), released (delivered), or nothing. */
      hold: 'held' | 'released' | null;
    }
  /** Unknown SID, a status we do not track, or one that would move the message back. */
  | { kind: 'ignored'; sid: string; twilioStatus: string };

/**
 * A verified status callback: moves the message with that SID forward. Twilio does not retry a
 * callback we answer, and an unknown SID never becomes known by retrying, so every well-formed
 * callback is accepted, whether it changed anything or not.
 */
export async function recordStatusCallback(
  deps: Pick<ModuleDeps, 'db' | 'now'>,
  params: Record<string, string>,
  messageId: string | null,
): Promise<StatusOutcome> {
  const callback = callbackSchema.parse(params);
  const status = fromTwilioStatus(callback.MessageStatus);
  const ignored = { kind: 'ignored' as const, sid: callback.MessageSid, twilioStatus: callback.MessageStatus };
  if (!status) return ignored;
  const failed = isFailedDelivery(status);
  const change = {
    sid: callback.MessageSid,
    status,
    replaces: statusesBefore(status),
    // An error code belongs to a failed delivery only; intermediate callbacks carry none.
    errorCode: failed ? (callback.ErrorCode ?? null) : null,
    errorMessage: failed ? (callback.ErrorMessage ?? null) : null,
    at: deps.now(),
  };
  if (change.replaces.length === 0) return ignored;
  // A delivered text shows the phone takes texts again; a landline or filtered failure shows it
  // does not (sms-delivery-hold.ts): only login codes go to it until then.
  const applied = await applyStatus(deps.db, change, messageId, async (tx, message) => {
    if (status === 'delivered') return (await liftDeliveryHold(tx, message.to)) ? ('released' as const) : null;
    if (failed && isHoldingError(change.errorCode)) {
      const held = await recordDeliveryHold(tx, message.to, { errorCode: change.errorCode, purpose: message.purpose, textCreatedAt: message.createdAt }, change.at);
      return held ? ('held' as const) : null;
    }
    return null;
  });
  if (!applied) return ignored;
  return { kind: 'recorded', message: applied.message, sid: change.sid, status, errorCode: change.errorCode, errorMessage: change.errorMessage, hold: applied.result };
}
