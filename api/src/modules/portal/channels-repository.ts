import type { Db } from '@app/db/client';
import { findSuppression, type EmailSuppression } from '@app/db/email-suppression';
import { findDeliveryHold, type DeliveryHold } from '@app/db/sms-delivery-hold';
import { findBookingTextsChoice, type BookingTextsChoice } from '@app/db/sms-consent';
import { findOptOut, type OptOut } from '@app/db/sms-opt-out';

/**
 * Where texts and e-mail to a customer stand, for the portal's "How we reach you": read by the
 * session's contact id only, so a customer reaches their own phone's and address's rows and no
 * one else's. The rows are the ones the worker reads before each send (the same helpers).
 */
export interface ReachFacts {
  email: string;
  phone: string | null;
  optOut: OptOut | null;
  hold: DeliveryHold | null;
  choice: BookingTextsChoice | null;
  suppression: EmailSuppression | null;
}

export async function findReachFacts(db: Db, contactId: string): Promise<ReachFacts | null> {
  const contact = await db.contact.findUnique({ where: { id: contactId }, select: { email: true, phone: true } });
  if (!contact) return null;
  const { phone } = contact;
  const [optOut, hold, choice, suppression] = await Promise.all([
    phone ? findOptOut(db, phone) : null,
    phone ? findDeliveryHold(db, phone) : null,
    phone ? findBookingTextsChoice(db, phone) : null,
    findSuppression(db, contact.email),
  ]);
  return { ...contact, optOut, hold, choice, suppression };
}
