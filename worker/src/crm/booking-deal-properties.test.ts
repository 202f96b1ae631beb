import { describe, expect, it } from 'vitest';
import { BOOKING_DEAL_FIELDS, type DealField } from '@app/db/booking-fields';
import { defaultSchema } from '@app/emulators/hubspot/default-properties';
import { CRM_PROPERTIES } from '@app/shared/crm-schema';
import { bookingDealProperties } from './booking-deal-properties';

const booking = {
  name: 'Recurring Clean for Ann Lee',
  stageId: '1606828760',
  preferredDate: new Date('2026-12-01T00:00:00Z'),
  timeOfDay: 'morning',
  street: '1 Peachtree St',
  city: 'Atlanta',
  state: 'GA',
  zip: '30303',
  squareFootage: 1500,
  serviceType: 'Recurring Clean',
  skus: ['recurring-1500', 'addon-oven'],
  frequency: 'weekly',
  visitType: null,
  amountCents: 20_790,
  discountPercent: null,
  reference: 'ATL-7K3F',
};
const built = { dealname: 'the name', dealstage: 'the stage', service_address: 'the address' };

describe('a booking as HubSpot deal properties (prisma/booking-fields.ts)', () => {
  it('writes each declared field by its encoding, and the built ones as given', () => {
    expect(bookingDealProperties(booking, built)).toEqual({
      ...built,
      preferred_date: '2026-12-01',
      time_of_day: 'morning',
      square_footage: '1500',
      service_type: 'Recurring Clean',
      external_skus: 'recurring-1500;addon-oven',
      recurring_frequency: 'weekly',
      visit_type: '',
      amount: '207.90',
      first_booking_discount: '',
      booking_reference: 'ATL-7K3F',
    });
  });

  it('writes none as an empty value', () => {
    const none = { ...booking, preferredDate: null, timeOfDay: null, squareFootage: null, amountCents: null, skus: [] };
    expect(bookingDealProperties(none, built)).toMatchObject({ preferred_date: '', time_of_day: '', square_footage: '', amount: '', external_skus: '' });
  });

  const properties = [...new Set(Object.values(BOOKING_DEAL_FIELDS as Record<string, DealField>).flatMap((f) => (f.hubspot ? [f.hubspot.property] : [])))];
  it.each(properties)('deals.%s exists: HubSpot-defined in a new account, or ours (shared/crm-schema.ts)', (name) => {
    const hubspots = defaultSchema('deals').properties.some((p) => p.name === name && p.hubspotDefined);
    const ours = CRM_PROPERTIES.some((p) => p.objectType === 'deals' && p.name === name);
    expect(hubspots !== ours, `deals.${name}: HubSpot's ${hubspots}, ours ${ours}`).toBe(true);
  });
});
