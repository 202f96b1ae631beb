import type { Db, DbTransaction } from '@app/db/client';
import type { SmsPurpose } from '@app/db/generated/client';
import type { SmsStatus } from '@app/shared/sms-delivery';

type Client = Db | DbTransaction;

export interface StatusChange {
  sid: string;
  status: SmsStatus;
  /** The statuses this change may replace (never a later or a final one). */
  replaces: SmsStatus[];
  errorCode: number | null;
  errorMessage: string | null;
  at: Date;
}

export interface ChangedMessage {
  id: string;
  purpose: SmsPurpose;
  /** The phone it went to. */
  to: string;
  createdAt: Date;
}

/**
 * Records a status on the message with this SID, only if it moves the message forward (one
 * statement, so two callbacks at once cannot move it back). Null when nothing changed.
 */
export async function applyStatusBySid(db: Client, change: StatusChange): Promise<ChangedMessage | null> {
  const [row] = await db.$queryRaw<ChangedMessage[]>`
    UPDATE sms_message
    SET status = ${change.status}::sms_status,
        error_code = COALESCE(${change.errorCode}::int, error_code),
        error_message = COALESCE(${change.errorMessage}::text, error_message),
        status_updated_at = ${change.at}
    WHERE sid = ${change.sid} AND status = ANY(${change.replaces}::sms_status[])
    RETURNING id, purpose, to_phone AS "to", created_at AS "createdAt"`;
  return row ?? null;
}

/**
 * The same for a callback that came before the worker stored the SID: the message named in the
 * (signed) callback URL takes the SID, if it has none yet and no other message has this one.
 */
export async function applyStatusById(db: Client, messageId: string, change: StatusChange): Promise<ChangedMessage | null> {
  const [row] = await db.$queryRaw<ChangedMessage[]>`
    UPDATE sms_message
    SET sid = ${change.sid},
        status = ${change.status}::sms_status,
        error_code = COALESCE(${change.errorCode}::int, error_code),
        error_message = COALESCE(${change.errorMessage}::text, error_message),
        status_updated_at = ${change.at}
    WHERE id = ${messageId} AND sid IS NULL AND status = ANY(${change.replaces}::sms_status[])
      AND NOT EXISTS (SELECT 1 FROM sms_message other WHERE other.sid = ${change.sid})
    RETURNING id, purpose, to_phone AS "to", created_at AS "createdAt"`;
  return row ?? null;
}

/**
 * Records the change on its message (by SID, else on the message the signed URL names), then
 * runs `then` on the changed message in the same transaction: what the report says about the
 * phone is kept with the report, or neither is.
 */
export async function applyStatus<T>(
  db: Db,
  change: StatusChange,
  messageId: string | null,
  then: (tx: DbTransaction, message: ChangedMessage) => Promise<T>,
): Promise<{ message: ChangedMessage; result: T } | null> {
  return db.$transaction(async (tx) => {
    const message = (await applyStatusBySid(tx, change)) ?? (messageId ? await applyStatusById(tx, messageId, change) : null);
    return message ? { message, result: await then(tx, message) } : null;
  });
}
