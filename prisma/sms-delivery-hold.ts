import type { Db } from './client';
import type { Prisma, SmsPurpose } from './generated/client';

/**
 * Phones held back from texts (the sms_delivery_hold table, shared/src/sms-delivery-hold.ts):
 * written by the api when a status callback reports 30006 or 30007 and by the worker when Twilio
 * answers a create with one; deleted by a delivered text to the phone or a portal sign-in with it;
 * read by the worker before any text but a login code is sent.
 */

type Client = Db | Prisma.TransactionClient;

export interface DeliveryHold {
  errorCode: number;
  purpose: SmsPurpose | null;
  heldSince: Date;
  failedAt: Date;
}

export async function findDeliveryHold(db: Client, phone: string): Promise<DeliveryHold | null> {
  return db.smsDeliveryHold.findUnique({ where: { phone }, select: { errorCode: true, purpose: true, heldSince: true, failedAt: true } });
}

/**
 * A text to `phone` failed with 30006/30007: hold it back. A phone already held keeps its first
 * date. Nothing is held when a text written after the failed one (`textCreatedAt`) has since been
 * delivered: reports can arrive out of order, and the later delivery is the fresher news.
 */
export async function recordDeliveryHold(
  db: Client,
  phone: string,
  failure: { errorCode: number; purpose: SmsPurpose | null; textCreatedAt: Date | null },
  at: Date,
): Promise<boolean> {
  const held = await db.$executeRaw`
    INSERT INTO sms_delivery_hold (phone, error_code, purpose, held_since, failed_at)
    SELECT ${phone}, ${failure.errorCode}, ${failure.purpose}::sms_purpose, ${at}, ${at}
    WHERE NOT EXISTS (
      SELECT 1 FROM sms_message
      WHERE to_phone = ${phone} AND status = 'delivered'::sms_status AND created_at > ${failure.textCreatedAt ?? at}
    )
    ON CONFLICT (phone) DO UPDATE SET error_code = EXCLUDED.error_code, purpose = EXCLUDED.purpose, failed_at = EXCLUDED.failed_at`;
  return held > 0;
}

/** `phone` took a text (or signed in with one): texts may go to it again. True when it was held. */
export async function liftDeliveryHold(db: Client, phone: string): Promise<boolean> {
  const { count } = await db.smsDeliveryHold.deleteMany({ where: { phone } });
  return count > 0;
}
