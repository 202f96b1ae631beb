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

/**
 * A customer's consents, newest first: those made as the contact (`contactId`), or for its phone
 * (`phone`, may be NULL); at most `limit` rows of SmsConsentRecord's fields as JSON columns. SQL over
 * expressions of our own code (`c.id`, `c.phone`): the customer page reads it inside its one
 * statement (docs/decisions/raw-sql.md, 3).
 */
export function smsConsentsSql(contactId: string, phone: string, limit: number): string {
  return `SELECT k.form, k.phone, k.version, k.words, k.texts_agreed AS "textsAgreed", k.agreed_at AS "agreedAt", d.reference
    FROM sms_consent k LEFT JOIN booking_request b ON b.id = k.booking_request_id LEFT JOIN deal d ON d.id = b.deal_id
    WHERE k.contact_id = ${contactId} OR k.phone = ${phone}
    ORDER BY k.agreed_at DESC LIMIT ${String(Math.trunc(limit))}`;
}

/**
 * A phone's newest choice about texts: the booking form's text box, or the portal's "How we
 * reach you" since (the name stays the booking's, where the choice was first made).
 */
export interface BookingTextsChoice {
  /** Where it was made: the booking form or the portal. */
  form: 'booking' | 'portal';
  textsAgreed: boolean;
  agreedAt: Date;
  /** The booking's reference (ATL-7K3F); null for the portal's. */
  reference: string | null;
  /** The version of the words the form showed (shared/src/sms-consent.ts). */
  version: string;
}

/**
 * The phone's newest choice about texts, on the booking form (its text box ticked or not) or in
 * the portal (turned on or off), as SQL over the phone expression `phone` (`$1`, or `c.phone`
 * inside the customer page's statement): the one place of this rule (docs/decisions/raw-sql.md,
 * 4). Both kinds are timed by the database's clock. Rows of one statement share its time: among
 * them, a "no" comes first, so it is never lost to a tie.
 */
export function newestBookingConsentSql(phone: string): string {
  return `SELECT k.form, k.texts_agreed AS "textsAgreed", k.agreed_at AS "agreedAt", k.version, d.reference
    FROM sms_consent k LEFT JOIN booking_request b ON b.id = k.booking_request_id LEFT JOIN deal d ON d.id = b.deal_id
    WHERE k.phone = ${phone} AND k.form IN ('booking', 'portal')
    ORDER BY k.agreed_at DESC, k.texts_agreed ASC LIMIT 1`;
}

/** A booking or portal row always says (CHECKs sms_consent_booking_has_texts_choice, sms_consent_portal_has_texts_choice): a NULL reads as agreed. */
export function bookingTextsChoice(row: { form?: string; textsAgreed: boolean | null; agreedAt: Date | string; version: string; reference: string | null }): BookingTextsChoice {
  return { form: row.form === 'portal' ? 'portal' : 'booking', textsAgreed: row.textsAgreed !== false, agreedAt: new Date(row.agreedAt), version: row.version, reference: row.reference };
}

/** The phone's newest choice; null when the phone never chose, on our booking form or in the portal. */
export async function findBookingTextsChoice(db: Client, phone: string): Promise<BookingTextsChoice | null> {
  const rows = await db.$queryRawUnsafe<Parameters<typeof bookingTextsChoice>[0][]>(newestBookingConsentSql('$1'), phone);
  return rows[0] ? bookingTextsChoice(rows[0]) : null;
}

/**
 * The sending rule's question (worker/src/jobs/sms-send.ts): did the phone's newest choice say no
 * (the booking's text box unticked, or texts turned off in the portal)? A phone with no such row
 * (booked by the office in HubSpot, who gather consent by phone) is not refused here.
 */
export async function declinedTextsOnBookingForm(db: Client, phone: string): Promise<boolean> {
  return (await findBookingTextsChoice(db, phone))?.textsAgreed === false;
}

export interface PortalTextsChoice {
  phone: string;
  email: string;
  contactId: string;
  textsAgreed: boolean;
  version: string;
  words: string;
}

/**
 * A choice made in the portal (texts on, with the words shown, or off), timed by the database's
 * clock (the column's default) like a booking's, so the newest choice is found on one clock.
 */
export async function recordPortalTextsChoice(db: Client, choice: PortalTextsChoice): Promise<void> {
  await db.smsConsent.create({ data: { form: 'portal', ...choice } });
}
