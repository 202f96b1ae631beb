import { sqlPool, type Db } from '@app/db/client';
import type { OutboxRow } from '@app/runtime/outbox/outbox-row';
import { endPortalSessions } from '@app/db/identity';
import { outboxEvent } from '@app/runtime/outbox/events';
import { planNotice, queueNoticeEmail } from '@app/runtime/outbox/customer-notice';
import { portalInviteKey } from '@app/shared/notice-channels';
import { bookingTextsChoice, newestBookingConsentSql, smsConsentsSql, type BookingTextsChoice, type SmsConsentRecord } from '@app/db/sms-consent';
import type { OptOut } from '@app/db/sms-opt-out';
import type { DeliveryHold } from '@app/db/sms-delivery-hold';
import type { OwnerRef } from '../common/owner-ref';
import { ACTIVITIES_READ, type ActivityRow } from './crm-context';
import { OFFICE_ACTIONS_LIMIT, type OfficeActionRow } from './office-actions';

const SEARCH_LIMIT = 25;

export interface CustomerRow {
  id: string;
  email: string;
  phone: string | null;
  firstName: string | null;
  lastName: string | null;
  hubspotId: string | null;
  portalEligible: boolean;
  invitedAt: Date | null;
  suspended: boolean;
}
const customerSelect = {
  id: true,
  email: true,
  phone: true,
  firstName: true,
  lastName: true,
  hubspotId: true,
  portalEligible: true,
  invitedAt: true,
  suspended: true,
} as const;

/** Contacts whose name, e-mail or phone contains the text (phone compared by digits), or who have the deal of this reference. */
export async function searchContacts(db: Db, text: string, phoneDigits: string | null, reference: string | null = null): Promise<CustomerRow[]> {
  const words = text.split(/\s+/).filter(Boolean);
  return db.contact.findMany({
    where: {
      OR: [
        { email: { contains: text, mode: 'insensitive' } },
        // Every word in the first or last name: 'pat port' finds Pat Portal.
        { AND: words.map((w) => ({ OR: [{ firstName: { contains: w, mode: 'insensitive' as const } }, { lastName: { contains: w, mode: 'insensitive' as const } }] })) },
        ...(phoneDigits ? [{ phone: { contains: phoneDigits } }] : []),
        ...(reference ? [{ deals: { some: { reference, archivedAt: null } } }] : []),
      ],
    },
    select: customerSelect,
    orderBy: [{ lastName: 'asc' }, { firstName: 'asc' }, { email: 'asc' }],
    take: SEARCH_LIMIT,
  });
}

export interface ContactDetailsRow {
  id: string;
  email: string;
  phone: string | null;
  firstName: string | null;
  lastName: string | null;
  leadStatus: string | null;
  lifecycleStage: string | null;
  hubspotId: string | null;
  companyHubspotId: string | null;
  suspended: boolean;
  deals: {
    id: string;
    reference: string;
    hubspotId: string | null;
    name: string | null;
    stageId: string;
    scheduledAt: Date | null;
    serviceType: string | null;
    amountCents: number | null;
    invoiceStatus: string | null;
    source: 'public_form' | 'portal' | 'hubspot' | 'office';
    submittedName: string | null;
    submittedPhone: string | null;
    portalConfirmedAt: Date | null;
    owner: OwnerRef | null;
    tickets: { id: string; category: string; pipelineStage: string | null; reason: string | null; changeType: string | null; createdAt: Date }[];
  }[];
  /** Where texts to the phone stand (the same rows sms-send.ts reads). */
  optOut: OptOut | null;
  hold: Omit<DeliveryHold, 'failedAt'> | null;
  textsChoice: BookingTextsChoice | null;
  consents: SmsConsentRecord[];
  /** The contact's tasks, notes, calls and meetings from HubSpot, newest first, with their owner's name. */
  activities: ActivityRow[];
  /** The office's commands on the contact's cleanings, newest first. */
  officeActions: OfficeActionRow[];
}

/**
 * A contact by our id or its HubSpot id, with everything its page shows from our tables, in one
 * prepared statement: its mirrored deals (newest appointment first) with their cleaner and
 * tickets (deals and tickets deleted in HubSpot left out), where texts to its phone stand, its
 * consents, what staff logged in HubSpot on it, and the office's actions. Through Prisma this was
 * thirteen queries, each with its own CPU cost: the customer page's p99 missed its target
 * (docs/benchmarks.md, docs/decisions/raw-sql.md, 3).
 */
const CONTACT_DETAILS = `
SELECT c.id, c.email, c.phone, c.first_name AS "firstName", c.last_name AS "lastName", c.lead_status AS "leadStatus",
  c.lifecycle_stage AS "lifecycleStage", c.hubspot_id AS "hubspotId", c.company_hubspot_id AS "companyHubspotId", c.suspended,
  COALESCE((
    SELECT json_agg(d ORDER BY d."scheduledAt" DESC NULLS FIRST, d."createdAt" DESC)
    FROM (
      SELECT dl.id, dl.reference, dl.hubspot_id AS "hubspotId", dl.name, dl.stage_id AS "stageId", dl.scheduled_at AS "scheduledAt",
        dl.service_type AS "serviceType", dl.amount_cents AS "amountCents", dl.invoice_status AS "invoiceStatus", dl.source,
        dl.submitted_name AS "submittedName", dl.submitted_phone AS "submittedPhone", dl.portal_confirmed_at AS "portalConfirmedAt",
        dl.created_at AS "createdAt",
        (SELECT json_build_object('id', o.id, 'firstName', o.first_name, 'lastName', o.last_name, 'email', o.email) FROM owner o WHERE o.id = dl.owner_id) AS owner,
        COALESCE((
          SELECT json_agg(json_build_object('id', t.id, 'category', t.category, 'pipelineStage', t.pipeline_stage, 'reason', t.reason,
            'changeType', t.change_type, 'createdAt', t.created_at) ORDER BY t.created_at DESC)
          FROM ticket t WHERE t.deal_id = dl.id AND t.archived_at IS NULL), '[]') AS tickets
      FROM deal dl WHERE dl.contact_id = c.id AND dl.archived_at IS NULL
    ) d), '[]') AS deals,
  (SELECT json_build_object('source', x.source, 'keyword', x.keyword, 'optedOutAt', x.opted_out_at) FROM sms_opt_out x WHERE x.phone = c.phone) AS "optOut",
  (SELECT json_build_object('errorCode', h.error_code, 'purpose', h.purpose, 'heldSince', h.held_since) FROM sms_delivery_hold h WHERE h.phone = c.phone) AS hold,
  (SELECT row_to_json(b) FROM (${newestBookingConsentSql('c.phone')}) b) AS "textsChoice",
  COALESCE((SELECT json_agg(k) FROM (${smsConsentsSql('c.id', 'c.phone', 10)}) k), '[]') AS consents,
  COALESCE((
    SELECT json_agg(a) FROM (
      SELECT a.id, a.kind, a.hubspot_id AS "hubspotId", a.title, a.body, a.status, a.priority, a.occurs_at AS "occursAt",
        a.owner_hubspot_id AS "ownerHubspotId",
        (SELECT json_build_object('firstName', o.first_name, 'lastName', o.last_name, 'email', o.email) FROM owner o WHERE o.hubspot_id = a.owner_hubspot_id) AS owner
      FROM crm_activity a WHERE a.contact_hubspot_ids @> ARRAY[c.hubspot_id] AND a.archived_at IS NULL
      ORDER BY a.occurs_at DESC NULLS LAST, a.id ASC LIMIT ${ACTIVITIES_READ}
    ) a), '[]') AS activities,
  COALESCE((
    SELECT json_agg(m) FROM (
      SELECT m.id, m.kind, m.changes, m.status, m.reason, m.staff_email AS "staffEmail", m.created_at AS "createdAt",
        json_build_object('id', dl.id, 'reference', dl.reference, 'serviceType', dl.service_type) AS deal,
        (SELECT json_build_object('firstName', o.first_name, 'lastName', o.last_name, 'email', o.email) FROM owner o WHERE o.id = m.changes->>'ownerId') AS owner
      FROM deal_command m JOIN deal dl ON dl.id = m.deal_id
      WHERE dl.contact_id = c.id
      ORDER BY m.created_at DESC, m.id DESC LIMIT ${OFFICE_ACTIONS_LIMIT}
    ) m), '[]') AS "officeActions"
FROM contact c WHERE c.id = $1 OR c.hubspot_id = $1
LIMIT 1`;

type Json<T> = { [K in keyof T]: T[K] extends Date ? string : T[K] extends Date | null ? string | null : T[K] };
type DealJson = Omit<Json<ContactDetailsRow['deals'][number]>, 'tickets'> & { tickets: Json<ContactDetailsRow['deals'][number]['tickets'][number]>[] };
type RowJson = Omit<ContactDetailsRow, 'deals' | 'optOut' | 'hold' | 'textsChoice' | 'consents' | 'activities' | 'officeActions'> & {
  deals: DealJson[];
  optOut: Json<OptOut> | null;
  hold: Json<Omit<DeliveryHold, 'failedAt'>> | null;
  textsChoice: Json<BookingTextsChoice> | null;
  consents: Json<SmsConsentRecord>[];
  activities: Json<ActivityRow>[];
  officeActions: Json<OfficeActionRow>[];
};
const date = (v: string | null) => (v === null ? null : new Date(v));

export async function findContactDetails(db: Db, id: string): Promise<ContactDetailsRow | null> {
  const { rows } = await sqlPool(db).query<RowJson>({ name: 'staff-contact-details', text: CONTACT_DETAILS, values: [id] });
  const row = rows[0];
  if (!row) return null;
  return {
    ...row,
    deals: row.deals.map((d) => ({
      ...d,
      scheduledAt: date(d.scheduledAt),
      portalConfirmedAt: date(d.portalConfirmedAt),
      tickets: d.tickets.map((t) => ({ ...t, createdAt: new Date(t.createdAt) })),
    })),
    optOut: row.optOut && { ...row.optOut, optedOutAt: new Date(row.optOut.optedOutAt) },
    hold: row.hold && { ...row.hold, heldSince: new Date(row.hold.heldSince) },
    textsChoice: row.textsChoice && bookingTextsChoice(row.textsChoice),
    consents: row.consents.map((k) => ({ ...k, agreedAt: new Date(k.agreedAt) })),
    activities: row.activities.map((a) => ({ ...a, occursAt: date(a.occursAt) })),
    officeActions: row.officeActions.map((m) => ({ ...m, createdAt: new Date(m.createdAt) })),
  };
}

export type InviteOutcome =
  | { kind: 'invited'; contact: CustomerRow; event: OutboxRow }
  | { kind: 'not_found' }
  | { kind: 'no_phone' }
  | { kind: 'phone_mismatch' };

/**
 * Marks the contact invited (creating it for a new e-mail) and plans the invite's customer notice
 * (docs/customer-messages.md#channels): its text's delivery row and outbox event, and its e-mail
 * to the contact's address (email_message and its email.send event), in one transaction (the
 * worker writes the words of both, with the portal's sign-in link, from the rows). One notice
 * per invite (its invited_at). An existing contact keeps its phone: a different one is refused,
 * so a typo can never hand someone else's account a new login phone.
 */
export async function inviteContact(
  db: Db,
  who: { contactId?: string | undefined; email?: string | undefined; phone?: string | undefined; firstName?: string | undefined; lastName?: string | undefined },
  at: Date,
): Promise<InviteOutcome> {
  return db.$transaction(async (tx) => {
    let contact = who.contactId
      ? await tx.contact.findUnique({ where: { id: who.contactId }, select: customerSelect })
      : await tx.contact.findUnique({ where: { email: who.email ?? '' }, select: customerSelect });
    if (!contact && who.contactId) return { kind: 'not_found' as const };
    if (contact && who.phone && contact.phone && contact.phone !== who.phone) return { kind: 'phone_mismatch' as const };
    if (!contact) {
      contact = await tx.contact.create({
        data: { email: who.email ?? '', phone: who.phone ?? null, firstName: who.firstName || null, lastName: who.lastName || null, invitedAt: at },
        select: customerSelect,
      });
    } else {
      contact = await tx.contact.update({
        where: { id: contact.id },
        data: { invitedAt: at, ...(contact.phone ? {} : { phone: who.phone ?? null }) },
        select: customerSelect,
      });
    }
    if (!contact.phone) return { kind: 'no_phone' as const };
    const subject = { contactId: contact.id, invitedAt: at.toISOString() };
    const noticeId = await planNotice(tx, { kind: 'portal_invite', dealId: null, subject: { ...subject }, dedupeKey: portalInviteKey(subject) });
    if (noticeId && contact.email) await queueNoticeEmail(tx, noticeId, { kind: 'portal_invite', to: contact.email, dealId: null });
    const message = await tx.smsMessage.create({ data: { purpose: 'staff_invite', to: contact.phone, noticeId, createdAt: at, statusUpdatedAt: at }, select: { id: true } });
    const event = await tx.outboxEvent.create({
      data: outboxEvent('sms.send', { messageId: message.id }, { aggregateId: message.id }),
      select: { id: true, type: true, payload: true },
    });
    return { kind: 'invited' as const, contact, event };
  });
}

/**
 * Suspends (or restores) a customer's portal access; suspending ends their sessions at once
 * (the session store also refuses a suspended customer's). False when there is no such contact.
 */
export async function setPortalSuspended(db: Db, contactId: string, suspended: boolean): Promise<boolean> {
  return db.$transaction(async (tx) => {
    const { count } = await tx.contact.updateMany({ where: { id: contactId }, data: { suspended } });
    if (count > 0 && suspended) await endPortalSessions(tx, contactId);
    return count > 0;
  });
}
