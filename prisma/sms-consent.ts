import type { Db } from './client';
import type { Prisma, SmsConsentForm } from './generated/client';

/**
 * What people agreed to about our texts (the sms_consent table, shared/src/sms-consent.ts):
 * written with the request that carried the consent, read by the staff customer page and by the
 * worker before a text other than a login code goes out.
 */

type Client = Db | Prisma.TransactionClient;

export interface NewSmsConsent {
  form: SmsConsentForm;
  phone: string;
  email: string;
  contactId: string | null;
  version: string;
  words: string;
  agreedAt: Date;
}

/** A login request's consent: its code only, so it says nothing about other texts (texts_agreed stays null). */
export async function recordSmsConsent(db: Client, consent: NewSmsConsent): Promise<void> {
  await db.smsConsent.create({ data: consent });
}

export interface SmsConsentRecord {
  form: SmsConsentForm;
  phone: string;
  version: string;
  words: string;
  /** A booking's text box: ticked or not; null for a login. */
  textsAgreed: boolean | null;
  agreedAt: Date;
  /** The booking's reference (ATL-7K3F), for a booking's consent. */
  reference: string | null;
}

/** A customer's consents, newest first: those made as the contact, or for one of its phones. */
export async function findSmsConsents(db: Client, who: { contactId: string; phones: readonly string[] }, limit = 10): Promise<SmsConsentRecord[]> {
  const rows = await db.smsConsent.findMany({
    where: { OR: [{ contactId: who.contactId }, { phone: { in: [...who.phones] } }] },
    orderBy: { agreedAt: 'desc' },
    take: limit,
    select: { form: true, phone: true, version: true, words: true, textsAgreed: true, agreedAt: true, bookingRequest: { select: { deal: { select: { reference: true } } } } },
  });
  return rows.map(({ bookingRequest, ...row }) => ({ ...row, reference: bookingRequest?.deal.reference ?? null }));
}

/** A phone's newest booking-form choice about texts. */
export interface BookingTextsChoice {
  textsAgreed: boolean;
  agreedAt: Date;
  /** The booking's reference (ATL-7K3F). */
  reference: string | null;
  /** The version of the words the form showed (shared/src/sms-consent.ts). */
  version: string;
}

/**
 * The phone's newest booking on our form, and whether its text box was ticked; null when the
 * phone never booked on the form. Bookings of one statement share its time: among them, an
 * unticked box comes first, so a "no" is never lost to a tie.
 */
export async function findBookingTextsChoice(db: Client, phone: string): Promise<BookingTextsChoice | null> {
  const newest = await db.smsConsent.findFirst({
    where: { phone, form: 'booking' },
    orderBy: [{ agreedAt: 'desc' }, { textsAgreed: 'asc' }],
    select: { textsAgreed: true, agreedAt: true, version: true, bookingRequest: { select: { deal: { select: { reference: true } } } } },
  });
  if (!newest) return null;
  // A booking row always says (CHECK sms_consent_booking_has_texts_choice).
  return { textsAgreed: newest.textsAgreed !== false, agreedAt: newest.agreedAt, version: newest.version, reference: newest.bookingRequest?.deal.reference ?? null };
}

/**
 * The sending rule's question (worker/src/jobs/sms-send.ts): did the phone's newest booking leave
 * the text box unticked? A phone with no booking row (booked by the office in HubSpot, who gather
 * consent by phone) is not refused here.
 */
export async function declinedTextsOnBookingForm(db: Client, phone: string): Promise<boolean> {
  return (await findBookingTextsChoice(db, phone))?.textsAgreed === false;
}
