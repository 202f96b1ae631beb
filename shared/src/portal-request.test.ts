import { describe, expect, it } from 'vitest';
import { portalRequestSchema } from './portal-request';

// Nov 21, 22:30 Eastern: the portal minimum is Nov 21 + 3 = Nov 24.
const schema = portalRequestSchema({ now: new Date('2026-11-22T03:30:00Z') });
const good = {
  contactId: '501',
  name: 'Ann Lee',
  email: 'ann@example.com',
  phone: '+14045551234',
  address: '1 Main St, Decatur, GA 30030',
  squareFootage: 1200,
  serviceType: 'deep-1500',
  addOns: ['addon-oven', 'addon-refrigerator'],
  preferredDate: '2026-11-24',
  timeOfDay: 'morning',
  rooms: { kitchen: true },
};

function issues(input: unknown): Record<string, string> {
  const result = schema.safeParse(input);
  if (result.success) return {};
  return Object.fromEntries(result.error.issues.map((i) => [i.path.join('.'), i.message]));
}

describe('portal request schema', () => {
  it('accepts a good payload; add-ons and description are optional', () => {
    const parsed = schema.parse(good);
    expect(parsed.serviceType).toBe('deep-1500');
    expect(parsed.description).toBeUndefined();
    const { addOns: _a, ...withoutAddOns } = good;
    expect(schema.parse(withoutAddOns).addOns).toEqual([]);
  });

  it('only offers services whose range contains the square footage', () => {
    expect(issues({ ...good, serviceType: 'deep-2000' })).toEqual({
      serviceType: "This service is not offered for your home's square footage.",
    });
    expect(issues({ ...good, serviceType: 'addon-oven' })).toEqual({
      serviceType: "This service is not offered for your home's square footage.",
    });
    expect(schema.safeParse({ ...good, serviceType: 'organization-hourly' }).success).toBe(true);
  });

  it('reports the service mismatch together with other problems', () => {
    expect(issues({ ...good, serviceType: 'basic-1000', timeOfDay: '' })).toEqual({
      serviceType: "This service is not offered for your home's square footage.",
      timeOfDay: 'Please choose a time of day.',
    });
  });

  it.each([
    ['preferredDate', { preferredDate: '2026-11-23' }, 'Please choose a date at least 3 days from today.'],
    ['preferredDate', { preferredDate: '' }, 'Please choose a preferred date.'],
    ['timeOfDay', { timeOfDay: undefined }, 'Please choose a time of day.'],
    ['serviceType', { serviceType: '' }, 'Please choose a service.'],
    ['addOns.0', { addOns: ['basic-1000'] }, 'Please choose add-ons from the list.'],
    ['addOns', { addOns: ['addon-oven', 'addon-oven'] }, 'Please choose add-ons from the list.'],
    ['squareFootage', { squareFootage: -5 }, 'Invalid square footage selected'],
    ['contactId', { contactId: '' }, 'Your account could not be identified. Please sign in again.'],
    ['address', { address: ' ' }, 'Please enter your address.'],
    ['phone', { phone: '555-1234' }, 'Please enter a valid 10-digit US phone number.'],
    ['email', { email: '' }, 'Please enter a valid email address.'],
    ['name', { name: '' }, 'Please enter your name.'],
  ])('refuses a bad %s', (path, patch, message) => {
    expect(issues({ ...good, ...patch })).toEqual({ [path]: message });
  });

  it('is strict', () => {
    expect(schema.safeParse({ ...good, price: 1 }).success).toBe(false);
  });
});
