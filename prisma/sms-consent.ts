import type { Db } from './client';
import type { Prisma, SmsConsentForm } from './generated/client';

/**
 * What people agreed to about our texts (the sms_consent table, shared/src/sms-consent.ts):
 * written with the request that carried the consent, read by the staff customer page.
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

export async function recordSmsConsent(db: Client, consent: NewSmsConsent): Promise<void> {
  await db.smsConsent.create({ data: consent });
}

export interface SmsConsentRecord {
  form: SmsConsentForm;
  phone: string;
  version: string;
  words: string;
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
    select: { form: true, phone: true, version: true, words: true, agreedAt: true, bookingRequest: { select: { deal: { select: { reference: true } } } } },
  });
  return rows.map(({ bookingRequest, ...row }) => ({ ...row, reference: bookingRequest?.deal.reference ?? null }));
}
