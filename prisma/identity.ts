import { normalizeUsPhone } from '@app/shared/phone';
import { Prisma, type Db, type DbTransaction } from './client';

/**
 * The identity rules of the portal (docs/identity.md), in one place:
 *
 * 1. A contact's login phone is the phone the CRM of record holds for it: HubSpot's once the
 *    contact is linked to a HubSpot contact, else the phone of the submission that created it.
 * 2. A public form never changes an existing contact (name, phone, e-mail, address), here or in
 *    HubSpot. What it claimed stays on the request (deal.submitted_name / submitted_phone).
 * 3. A public-form deal is shown in its contact's portal only when it was submitted with the
 *    contact's login phone, or once staff confirmed it. Portal and HubSpot deals are shown.
 * 4. When a contact's login phone changes, its portal sessions end.
 */

/** Prisma filter of the deals a contact's portal shows, given the contact's login phone. */
export function portalVisibleDeals(contactId: string, loginPhone: string | null): Prisma.DealWhereInput {
  return {
    contactId,
    archivedAt: null,
    OR: [
      { source: { not: 'public_form' } },
      { portalConfirmedAt: { not: null } },
      ...(loginPhone ? [{ submittedPhone: loginPhone }] : []),
    ],
  };
}

/**
 * SQL condition, for a deal aliased `d` of a contact aliased `c`, that the portal shows it
 * (rule 3); the same rule as portalVisibleDeals, for raw queries.
 */
export const PORTAL_VISIBLE_DEAL_SQL = Prisma.sql`(d.source <> 'public_form' OR d.portal_confirmed_at IS NOT NULL OR d.submitted_phone = c.phone)`;

/** Whether a deal submitted with `submittedPhone` waits for staff before its contact's portal shows it. */
export function heldFromPortal(deal: { source: string; submittedPhone: string | null; portalConfirmedAt: Date | null }, loginPhone: string | null): boolean {
  return deal.source === 'public_form' && deal.portalConfirmedAt === null && (loginPhone === null || deal.submittedPhone !== loginPhone);
}

/** The contact as the CRM of record holds it (HubSpot's values; '' and null both mean "none"). */
export interface CrmContactValues {
  phone: string | null;
  firstName: string | null;
  lastName: string | null;
}

const blankToNull = (v: string | null | undefined) => (v && v.trim() !== '' ? v.trim() : null);

/**
 * Rule 1: the local contact takes the CRM's phone and name (the CRM is the record; a phone it
 * holds in another US form is normalised to E.164; one that is no US phone, or none at all,
 * leaves the contact without a login phone until staff set one in HubSpot, unless staff gave
 * one when inviting the contact). Rule 4: a changed login phone ends the contact's portal sessions, so a
 * session opened with the old phone sees nothing more. Returns the login phone and whether it changed.
 */
export async function adoptCrmContact(
  tx: DbTransaction | Db,
  contactId: string,
  crm: CrmContactValues,
): Promise<{ phoneChanged: boolean; phone: string | null }> {
  const current = await tx.contact.findUnique({ where: { id: contactId }, select: { phone: true, firstName: true, lastName: true, invitedAt: true } });
  if (!current) return { phoneChanged: false, phone: null };
  const rawPhone = blankToNull(crm.phone);
  // Without a phone in the CRM, only a phone staff gave when inviting the contact still counts.
  const phone = rawPhone === null ? (current.invitedAt ? current.phone : null) : normalizeUsPhone(rawPhone);
  const firstName = blankToNull(crm.firstName) ?? current.firstName;
  const lastName = blankToNull(crm.lastName) ?? current.lastName;
  const phoneChanged = phone !== current.phone;
  if (phoneChanged || firstName !== current.firstName || lastName !== current.lastName) {
    await tx.contact.update({ where: { id: contactId }, data: { phone, firstName, lastName } });
  }
  if (phoneChanged) await endPortalSessions(tx, contactId);
  return { phoneChanged, phone };
}

/** Ends every portal session of the contact (the rows go: their cookies are worthless). */
export async function endPortalSessions(tx: DbTransaction | Db, contactId: string): Promise<number> {
  const { count } = await tx.session.deleteMany({ where: { kind: 'customer', contactId } });
  return count;
}
