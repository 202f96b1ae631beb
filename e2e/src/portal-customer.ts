import { randomBytes } from 'node:crypto';
import { expect, inject } from 'vitest';
import { createStageMap, type StageMap } from '../../worker/src/crm/account/stage-map';
import { EMULATOR_DEFAULTS } from '@app/runtime/emulator-defaults';
import { addDays, easternToday, easternWallTimeToInstant } from '@app/shared/eastern-time';
import { hubspotCrm, type HubSpotCrm } from '../../dev/src/demo/hubspot-crm';
import { appUrl } from './app-url';
import { uniquePhone } from './unique-phone';
import { bookingRequestBody, type FormBookingRequestInput } from '@app/shared/booking-request-fixture';

/**
 * A customer for the portal's browser tests, made the way a real one is: a booking through the
 * public API (which makes the contact eligible to sign in), pushed by the worker to the HubSpot
 * emulator; further deals are then created in HubSpot on that contact and reach our mirror
 * through the worker's scheduled pull.
 */
export interface PortalCustomer {
  email: string;
  /** E.164, as the login page turns the typed digits into. */
  phone: string;
  /** The ten digits a person types. */
  phoneDigits: string;
  squareFootage: number;
  /** The contact's id in HubSpot. */
  hubspotContactId: string;
  crm: HubSpotCrm;
}

/** An Eastern wall-clock time `days` from today (for a deal's scheduled date). */
export function easternAt(days: number, hour: number, minute = 0): Date {
  const [y, m, d] = addDays(easternToday(), days).split('-').map(Number) as [number, number, number];
  return easternWallTimeToInstant(y, m, d, hour, minute);
}

/** The e2e account's stage ids: what staff pick in HubSpot for a product stage (the stage ids of docs/product.md §4 are only keys). */
export function crmStages(): StageMap {
  return createStageMap(inject('hubspotStages'));
}

export function crm(): HubSpotCrm {
  return hubspotCrm(inject('hubspotUrl'), EMULATOR_DEFAULTS.HUBSPOT_ACCESS_TOKEN);
}

/** `booking` overrides fields of the public booking that makes the customer (its text box, say). */
export async function createPortalCustomer(label: string, booking: Partial<Pick<FormBookingRequestInput, 'textsAgreed' | 'contactMethod'>> = {}): Promise<PortalCustomer> {
  const hex = randomBytes(4).toString('hex');
  const email = `${label}.${hex}@example.com`;
  // One per customer, so the per-phone limits on login codes and the texts never meet another test.
  const { digits: phoneDigits } = await uniquePhone();
  const squareFootage = 1500;
  const response = await fetch(appUrl('/api/hubspot/portal/requestBooking'), {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(bookingRequestBody({ name: 'Riley Portal', email, phone: `+1${phoneDigits}`, squareFootage, rooms: {}, ...booking })),
  });
  expect(response.status, await response.clone().text()).toBe(201);
  const { request } = (await response.json()) as { request: { dealId: string } };

  // Once the booking has reached HubSpot, our contact row carries its HubSpot id, which is what
  // lets the pull attach deals created in HubSpot to this customer.
  await expect
    .poll(
      async () => {
        const status = await fetch(appUrl(`/api/hubspot/portal/bookingStatus?dealId=${request.dealId}`));
        return status.ok && ((await status.json()) as { syncedToCrm: boolean }).syncedToCrm;
      },
      // A second or two on its own; a full test run's browsers and worker can keep it waiting far longer.
      { timeout: 60_000, interval: 250 },
    )
    .toBe(true);
  const client = crm();
  const contact = await client.findContactByEmail(email);
  if (!contact) throw new Error(`contact ${email} is not in HubSpot`);
  return { email, phone: `+1${phoneDigits}`, phoneDigits, squareFootage, hubspotContactId: contact.id, crm: client };
}

/** A deal as staff create it in HubSpot for the customer. */
export async function createCrmDeal(
  customer: PortalCustomer,
  deal: { stage: string; scheduledAt: Date | null; skus: string[]; amount: string; invoice?: { status: 'paid' | 'open' | 'voided'; number: string } },
): Promise<string> {
  const created = await customer.crm.createDeal(
    {
      dealname: `Cleaning for ${customer.email}`,
      pipeline: crmStages().dealPipelineId,
      dealstage: crmStages().dealStageId(deal.stage),
      external_skus: deal.skus.join(';'),
      amount: deal.amount,
      service_type: 'Deep Clean',
      service_address: '12 Peachtree St NE, Atlanta, GA 30303',
      ...(deal.scheduledAt ? { scheduled_date: deal.scheduledAt.toISOString() } : {}),
    },
    customer.hubspotContactId,
  );
  if (deal.invoice) await customer.crm.attachInvoice(created.id, { ...deal.invoice, amount: deal.amount });
  return created.id;
}
