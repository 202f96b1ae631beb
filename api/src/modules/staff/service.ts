import { findBookingTextsChoice, findSmsConsents } from '@app/db/sms-consent';
import { findOptOut } from '@app/db/sms-opt-out';
import { findDeliveryHold } from '@app/db/sms-delivery-hold';
import { HOLDING_ERRORS, isHoldingError } from '@app/shared/sms-delivery-hold';
import { CUSTOMER_MESSAGE_LABELS } from '@app/shared/customer-messages';
import { parseBookingReference } from '@app/shared/booking-reference';
import { heldFromPortal } from '@app/db/identity';
import { findProduct } from '@app/shared/catalogue';
import { addressLine, joinName, personName } from '@app/shared/customer-context';
import { dealStageLabel, STAGE } from '@app/shared/deal-stages';
import { formatEastern } from '@app/shared/eastern-time';
import type { CustomerContext, ScheduledDeal } from '@app/shared/entities';
import { normalizeUsPhone } from '@app/shared/phone';
import {
  INVITE_NO_PHONE,
  INVITE_PHONE_MISMATCH,
  OWNER_INACTIVE,
  type AssignOwnerInput,
  type customerSessionSchema,
  type customerSummarySchema,
  type InviteInput,
  type ownerSchema,
} from '@app/shared/staff-admin';
import type { z } from 'zod';
import { CALENDAR_DEFAULT_TITLE } from '@app/shared/texts';
import { errors } from '../../errors';
import { hubspotLinks } from '../staff-board/hubspot-links';
import { companyOf, contactLists } from './crm-context';
import type { ModuleDeps } from '../registry';
import {
  assignDealOwner,
  confirmDealForPortal,
  findLiveStaffSessions,
  revokeStaffSession,
  setPortalSuspended,
  setStaffDisabled,
  findContactDetails,
  findMessagesTo,
  type SentMessageRow,
  findLiveCustomerSessions,
  findActiveOwners,
  findScheduledDeals,
  inviteContact,
  revokeCustomerSession,
  searchContacts,
  type CustomerRow,
  type OwnerRef,
} from './repository';

type Deps = Pick<ModuleDeps, 'db' | 'outbox' | 'now'>;

const ownerName = (o: OwnerRef | null): string | null => personName(o);


/** The cleaning type shown in the calendar: a catalogue product's name for a product id, else as stored. */
function cleaningType(serviceType: string | null): string {
  if (!serviceType?.trim()) return CALENDAR_DEFAULT_TITLE;
  return findProduct(serviceType)?.name ?? serviceType;
}

const SMS_PURPOSE_LABELS: Readonly<Record<SentMessageRow['purpose'], string>> = {
  login_code: 'Login code',
  staff_invite: 'Portal invite',
  ...CUSTOMER_MESSAGE_LABELS,
};

/** Which cleaning a request is about: its type and when ('Deep Clean, March 5, 2026 at 9:00 AM'). */
function cleaningLabel(d: { serviceType: string | null; scheduledAt: Date | null }): string {
  return `${cleaningType(d.serviceType)}, ${d.scheduledAt ? formatEastern(d.scheduledAt) : 'not scheduled yet'}`;
}

/** Which appointments the calendar shows: the scheduled cleanings of docs/product.md §2, the done ones, or both. */
export const CALENDAR_STAGES = {
  scheduled: [STAGE.CLEANING_SCHEDULED],
  done: [STAGE.CLEANING_DONE],
  all: [STAGE.CLEANING_SCHEDULED, STAGE.CLEANING_DONE],
} as const;

/** GET /api/hubspot/admin/scheduledDeals: deals with a date in Cleaning Scheduled (or the stages asked for), with their customer. */
export async function scheduledDeals(
  deps: Pick<Deps, 'db'>,
  query: { from?: Date | undefined; to?: Date | undefined; stage?: keyof typeof CALENDAR_STAGES | undefined },
): Promise<ScheduledDeal[]> {
  const rows = await findScheduledDeals(deps.db, { stageIds: CALENDAR_STAGES[query.stage ?? 'scheduled'], from: query.from, to: query.to });
  return rows.map((d) => ({
    id: d.id,
    title: cleaningType(d.serviceType),
    date: d.scheduledAt.toISOString(),
    address: addressLine(d),
    owner: ownerName(d.owner),
    ownerId: d.owner?.id ?? null,
    customer: d.contact ? joinName(d.contact.firstName, d.contact.lastName) || d.contact.email : null,
    contactId: d.contact?.id ?? null,
    stageId: d.stageId,
  }));
}

function customer(c: CustomerRow): z.input<typeof customerSummarySchema> {
  return {
    id: c.id,
    name: joinName(c.firstName, c.lastName),
    email: c.email,
    phone: c.phone,
    hubspotId: c.hubspotId,
    invitedAt: c.invitedAt?.toISOString() ?? null,
    portalEligible: c.portalEligible,
    suspended: c.suspended,
  };
}

export async function searchCustomers(deps: Pick<Deps, 'db'>, q: string) {
  const digits = q.replace(/\D/g, '');
  // Text that looks like a phone ('(404) 555', '+1 404…') is matched by its digits; an e-mail or
  // a name with digits in it is not a phone search.
  const looksLikePhone = /^[\d\s()+.-]+$/.test(q) && digits.length >= 3;
  const phoneDigits = looksLikePhone ? (normalizeUsPhone(q) ?? digits) : null;
  // A booking reference (ATL-7K3F) finds the customer whose deal carries it.
  return (await searchContacts(deps.db, q, phoneDigits, parseBookingReference(q))).map(customer);
}

/** Why texts to the phone are held back, in staff words: Twilio's verdict and on which text. */
function heldWhy(hold: { errorCode: number; purpose: SentMessageRow['purpose'] | null }): string {
  const verdict = isHoldingError(hold.errorCode) ? HOLDING_ERRORS[hold.errorCode] : `Twilio error ${hold.errorCode}`;
  return hold.purpose ? `${verdict}, on the ${SMS_PURPOSE_LABELS[hold.purpose].toLowerCase()} text` : verdict;
}

const CATEGORY_LABELS: Record<string, string> = { RescheduleRequest: 'Reschedule Request', CancellationRequest: 'Cancellation Request' };

/**
 * GET /api/hubspot/contact-details/:id: the §3 customer context from the mirror: the deals with
 * their change/cancel requests, the tasks and notes staff logged in HubSpot, activities (the
 * requests, then calls and meetings), the company, and the texts sent. HubSpot has no
 * subscriptions for us, so that list is empty.
 */
export async function contactDetails(deps: Pick<ModuleDeps, 'db' | 'now' | 'hubspotAccountId'>, id: string): Promise<CustomerContext & { id: string }> {
  const c = await findContactDetails(deps.db, id);
  if (!c) throw errors.notFound('We could not find that customer.');
  const now = deps.now();
  const [messages, optOut, hold, textsChoice, consents, lists, company] = await Promise.all([
    c.phone ? findMessagesTo(deps.db, c.phone) : [],
    c.phone ? findOptOut(deps.db, c.phone) : null,
    c.phone ? findDeliveryHold(deps.db, c.phone) : null,
    c.phone ? findBookingTextsChoice(deps.db, c.phone) : null,
    findSmsConsents(deps.db, { contactId: c.id, phones: c.phone ? [c.phone] : [] }),
    contactLists(deps.db, c.hubspotId, now),
    companyOf(deps.db, c.companyHubspotId, now, hubspotLinks(deps.hubspotAccountId)),
  ]);
  return {
    id: c.id,
    name: joinName(c.firstName, c.lastName),
    email: c.email,
    phone: c.phone,
    status: c.leadStatus,
    lifecycle: c.lifecycleStage,
    hubspotId: c.hubspotId ?? '',
    deals: c.deals.map((d) => ({
      id: d.id,
      reference: d.reference,
      hubspotId: d.hubspotId,
      dealname: d.name,
      dealstage: d.stageId,
      // The product's stage names, as on the board (one query fewer than the stage table's).
      stageLabel: dealStageLabel(d.stageId) ?? d.stageId,
      scheduledAt: d.scheduledAt?.toISOString() ?? null,
      serviceType: d.serviceType,
      amount: d.amountCents === null ? null : (d.amountCents / 100).toFixed(2),
      invoiceStatus: d.invoiceStatus,
      owner: ownerName(d.owner),
      submittedContact: d.source === 'public_form' ? joinName(d.submittedName, d.submittedPhone ? `(${d.submittedPhone})` : null) : null,
      portalHeld: heldFromPortal(d, c.phone),
    })),
    activities: [
      ...c.deals.flatMap((d) =>
      d.tickets.map((t) => ({
        id: t.id,
        type: CATEGORY_LABELS[t.category] ?? t.category,
        dealId: d.id,
        pipelineStage: t.pipelineStage,
        reason: t.reason,
        changeType: t.changeType,
        createdAt: t.createdAt.toISOString(),
        cleaning: cleaningLabel(d),
      })),
    ),
      ...lists.activities,
    ],
    messages: messages.map((m) => ({
      id: m.id,
      purpose: m.purpose,
      label: SMS_PURPOSE_LABELS[m.purpose],
      status: m.status,
      errorCode: m.errorCode,
      // Why a text was never sent (canceled); Twilio's own words stay out of the page.
      reason: m.status === 'canceled' ? m.errorMessage : null,
      createdAt: m.createdAt.toISOString(),
      sentAt: m.sentAt?.toISOString() ?? null,
    })),
    tasks: lists.tasks,
    subscriptions: [],
    notes: lists.notes,
    company,
    portalSuspended: c.suspended,
    textsNotAgreed: textsChoice && !textsChoice.textsAgreed ? { since: textsChoice.agreedAt.toISOString(), reference: textsChoice.reference } : null,
    textsHeld: hold ? { since: hold.heldSince.toISOString(), errorCode: hold.errorCode, why: heldWhy(hold) } : null,
    textsConsent: consents.map((k) => ({ form: k.form, phone: k.phone, version: k.version, words: k.words, textsAgreed: k.textsAgreed, agreedAt: k.agreedAt.toISOString(), reference: k.reference })),
    textsOptOut: optOut ? { since: optOut.optedOutAt.toISOString(), how: optOut.source === 'keyword' ? `replied ${optOut.keyword ?? 'STOP'}` : 'Twilio reported the number unsubscribed' } : null,
  };
}

/**
 * POST /api/internal/admin/invites: the contact may sign in to the portal from now on
 * (invited_at), and gets a text saying so, through the outbox like every other text. The worker
 * writes its words, with the sign-in link of its PUBLIC_URL.
 */
export async function invite(deps: Deps, input: InviteInput) {
  const outcome = await inviteContact(deps.db, input, deps.now());
  if (outcome.kind === 'not_found') throw errors.notFound('We could not find that customer.');
  if (outcome.kind === 'phone_mismatch') throw errors.conflict(INVITE_PHONE_MISMATCH);
  if (outcome.kind === 'no_phone') throw errors.unprocessable(INVITE_NO_PHONE);
  deps.outbox.notify();
  return customer(outcome.contact);
}

/** GET /api/internal/admin/sessions: who is signed in to the portal right now. */
export async function customerSessions(deps: Pick<Deps, 'db' | 'now'>): Promise<z.input<typeof customerSessionSchema>[]> {
  const rows = await findLiveCustomerSessions(deps.db, deps.now());
  return rows.map((s) => ({
    id: s.publicId,
    customer: s.contact ? { id: s.contact.id, name: joinName(s.contact.firstName, s.contact.lastName), email: s.contact.email, phone: s.contact.phone } : null,
    createdAt: s.createdAt.toISOString(),
    lastSeenAt: s.lastSeenAt.toISOString(),
    // Whichever comes first: the idle timeout or the absolute limit.
    expiresAt: (s.expiresAt < s.absoluteExpiresAt ? s.expiresAt : s.absoluteExpiresAt).toISOString(),
    ip: s.ip,
    userAgent: s.userAgent,
  }));
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** DELETE /api/internal/admin/sessions/:id: the customer's next request is signed out (401). */
export async function revokeSession(deps: Pick<Deps, 'db' | 'now'>, publicId: string): Promise<void> {
  if (!UUID.test(publicId) || !(await revokeCustomerSession(deps.db, publicId.toLowerCase(), deps.now()))) {
    throw errors.notFound('No such session (it may have ended already).');
  }
}

/** GET /api/internal/admin/staff-sessions (admins): which staff are signed in right now. */
export async function staffSessions(deps: Pick<Deps, 'db' | 'now'>) {
  const rows = await findLiveStaffSessions(deps.db, deps.now());
  return rows.map((s) => ({
    id: s.publicId,
    staff: s.staffUser ? { id: s.staffUser.id, email: s.staffUser.email, name: s.staffUser.displayName } : null,
    createdAt: s.createdAt.toISOString(),
    lastSeenAt: s.lastSeenAt.toISOString(),
    expiresAt: (s.expiresAt < s.absoluteExpiresAt ? s.expiresAt : s.absoluteExpiresAt).toISOString(),
    ip: s.ip,
    userAgent: s.userAgent,
  }));
}

/** DELETE /api/internal/admin/staff-sessions/:id (admins): that staff member's next request is signed out. */
export async function revokeStaffSessionById(deps: Pick<Deps, 'db' | 'now'>, publicId: string): Promise<void> {
  if (!UUID.test(publicId) || !(await revokeStaffSession(deps.db, publicId.toLowerCase(), deps.now()))) {
    throw errors.notFound('No such session (it may have ended already).');
  }
}

/** POST /api/internal/admin/staff-users/:id/access (admins): disabling ends every session of theirs and refuses their sign-ins. */
export async function setStaffAccess(deps: Pick<Deps, 'db' | 'now'>, staffUserId: string, disabled: boolean): Promise<void> {
  if (!(await setStaffDisabled(deps.db, staffUserId, disabled, deps.now()))) throw errors.notFound('We could not find that staff member.');
}

/** POST /api/internal/admin/customers/:id/portal-access: suspend (ending their sessions) or restore a customer's portal access. */
export async function setPortalAccess(deps: Pick<Deps, 'db'>, contactId: string, suspended: boolean): Promise<{ suspended: boolean }> {
  if (!(await setPortalSuspended(deps.db, contactId, suspended))) throw errors.notFound('We could not find that customer.');
  return { suspended };
}

/** GET /api/internal/admin/owners: the cleaners (active HubSpot owners) deals can be assigned to. */
export async function owners(deps: Pick<Deps, 'db'>): Promise<z.input<typeof ownerSchema>[]> {
  return (await findActiveOwners(deps.db)).map((o) => ({ id: o.id, hubspotId: o.hubspotId, name: ownerName(o), email: o.email, active: o.active }));
}

/** POST /api/internal/admin/deals/:id/portal-confirm: the contact's portal shows this public-form deal. */
export async function confirmForPortal(deps: Deps, dealId: string, staffEmail: string): Promise<{ confirmed: boolean }> {
  const outcome = await confirmDealForPortal(deps.db, dealId, staffEmail, deps.now());
  if (outcome.kind === 'deal_not_found') throw errors.notFound('We could not find that booking.');
  if (outcome.kind === 'confirmed') deps.outbox.notify();
  return { confirmed: outcome.kind === 'confirmed' };
}

/** POST /api/internal/admin/deals/:id/owner: set in the mirror now, pushed to HubSpot by the worker. */
export async function assignOwner(deps: Deps, dealId: string, input: AssignOwnerInput): Promise<void> {
  const outcome = await assignDealOwner(deps.db, dealId, input.ownerId);
  if (outcome.kind === 'deal_not_found') throw errors.notFound('We could not find that booking.');
  if (outcome.kind === 'owner_not_found') throw errors.validation('ownerId', 'Choose a cleaner from the roster.');
  if (outcome.kind === 'owner_inactive') throw errors.conflictOn('ownerId', 'owner_inactive', OWNER_INACTIVE);
  deps.outbox.notify();
}
