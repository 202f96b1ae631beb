import { HOLDING_ERRORS, isHoldingError } from '@app/shared/sms-delivery-hold';
import { SMS_PURPOSE_LABELS } from '@app/shared/conversations';
import { parseBookingReference } from '@app/shared/booking-reference';
import { heldFromPortal } from '@app/db/identity';
import { joinName } from '@app/shared/customer-context';
import { dealStageLabel } from '@app/shared/deal-stages';
import { formatEastern } from '@app/shared/eastern-time';
import type { CustomerContext } from '@app/shared/entities';
import { normalizeUsPhone } from '@app/shared/phone';
import { INVITE_NO_PHONE, INVITE_PHONE_MISMATCH, type customerSummarySchema, type InviteInput } from '@app/shared/staff-admin';
import type { z } from 'zod';
import { errors } from '../../../errors';
import type { ModuleDeps } from '../../registry';
import { cleaningType } from '../common/cleaning-type';
import { hubspotLinks } from '../common/hubspot-links';
import { ownerName } from '../common/owner-ref';
import { companyOf, contactLists } from './crm-context';
import { officeActions } from './office-actions';
import {
  findContactDetails,
  inviteContact,
  searchContacts,
  setPortalSuspended,
  type CustomerRow,
} from './repository';
import type { SmsPurpose } from '@app/db/generated/client';

type Deps = Pick<ModuleDeps, 'db' | 'outbox' | 'now'>;

/** Which cleaning a request is about: its type and when ('Deep Clean, March 5, 2026 at 9:00 AM'). */
function cleaningLabel(d: { serviceType: string | null; scheduledAt: Date | null }): string {
  return `${cleaningType(d.serviceType)}, ${d.scheduledAt ? formatEastern(d.scheduledAt) : 'not scheduled yet'}`;
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
function heldWhy(hold: { errorCode: number; purpose: SmsPurpose | null }): string {
  const verdict = isHoldingError(hold.errorCode) ? HOLDING_ERRORS[hold.errorCode] : `Twilio error ${hold.errorCode}`;
  return hold.purpose ? `${verdict}, on the ${SMS_PURPOSE_LABELS[hold.purpose].toLowerCase()} text` : verdict;
}

/**
 * GET /api/hubspot/contact-details/:id: the §3 customer context from the mirror: the deals with
 * their change/cancel requests, the tasks and notes staff logged in HubSpot, activities (the
 * requests, then calls and meetings), the company, and where texts to the phone stand (opted
 * out, held, consent). The texts themselves are the phone's thread (conversation-service.ts).
 * HubSpot has no subscriptions for us, so that list is empty.
 */
export async function contactDetails(deps: Pick<ModuleDeps, 'db' | 'now' | 'hubspotAccountId'>, id: string): Promise<CustomerContext & { id: string }> {
  const c = await findContactDetails(deps.db, id);
  if (!c) throw errors.notFound('We could not find that customer.');
  const now = deps.now();
  const { optOut, hold, textsChoice, consents } = c;
  const lists = contactLists(c.activities, now);
  const company = await companyOf(deps.db, c.companyHubspotId, now, hubspotLinks(deps.hubspotAccountId));
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
        // The raw read gives the category as stored: HubSpot's label ('Re-clean Claim').
        type: t.category,
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
    tasks: lists.tasks,
    subscriptions: [],
    notes: lists.notes,
    company,
    officeActions: officeActions(c.officeActions),
    portalSuspended: c.suspended,
    textsNotAgreed: textsChoice && !textsChoice.textsAgreed ? { since: textsChoice.agreedAt.toISOString(), reference: textsChoice.reference, form: textsChoice.form } : null,
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

/** POST /api/internal/admin/customers/:id/portal-access: suspend (ending their sessions) or restore a customer's portal access. */
export async function setPortalAccess(deps: Pick<Deps, 'db'>, contactId: string, suspended: boolean): Promise<{ suspended: boolean }> {
  if (!(await setPortalSuspended(deps.db, contactId, suspended))) throw errors.notFound('We could not find that customer.');
  return { suspended };
}
