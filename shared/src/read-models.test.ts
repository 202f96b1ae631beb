import { describe, expect, it } from 'vitest';
import { CATALOGUE } from './catalogue';
import { calendarAssignedLine, calendarEntryTitle } from './calendar-entry';
import { careerIcon, careerListingSchema, isOpenListing } from './career-listing';
import { EMPTY_CUSTOMER_CONTEXT, joinName, mergeCustomerContext } from './customer-context';
import { companySchema, customerSessionUserSchema, dealSchema, productSchema, scheduledDealSchema } from './entities';
import { bookingFailureMessage, bookingNetworkFailureMessage, portalDealsResponseSchema } from './api-responses';

describe('read models', () => {
  it('a deal fills defaults and keeps CRM nulls', () => {
    const deal = dealSchema.parse({ id: '1', dealstage: '1609338596', scheduled_date_display: null, extra: 'ignored' });
    expect(deal).toEqual({ id: '1', dealstage: '1609338596', scheduled_date_display: null, external_skus: [], properties: {}, messages: [] });
  });

  it("a company's industry defaults to 'N/A' and its subscriptions are always empty", () => {
    const company = companySchema.parse({ name: 'Acme', hubspotId: '9', subscriptions: [{ id: 'x' }] });
    expect(company.industry).toBe('N/A');
    expect(company.subscriptions).toEqual([]);
    expect(company.tasks).toEqual([]);
  });

  it('the session user defaults to not staff and no customer', () => {
    expect(customerSessionUserSchema.parse({ email: 'a@b.co', phone: '+14045551234' })).toEqual({
      email: 'a@b.co',
      phone: '+14045551234',
      isStaff: false,
      customer: null,
    });
  });

  it('every catalogue product is a valid product read model', () => {
    for (const product of CATALOGUE) expect(productSchema.parse(product)).toEqual(product);
  });

  it('a scheduled deal needs an ISO start time', () => {
    expect(scheduledDealSchema.safeParse({ id: '1', title: null, address: 'x', date: '2026-03-05T14:05:00Z', owner: 'Ann' }).success).toBe(true);
    expect(scheduledDealSchema.safeParse({ id: '1', date: 'March 5' }).success).toBe(false);
  });

  it('portal deals response defaults to empty lists', () => {
    expect(portalDealsResponseSchema.parse({})).toEqual({ upcoming: [], past: [] });
  });
});

describe('calendar entries', () => {
  it("title is the cleaning type (default 'Cleaning') + ' @ ' + the address", () => {
    expect(calendarEntryTitle({ title: 'Deep Clean', address: '1 Peachtree St' })).toBe('Deep Clean @ 1 Peachtree St');
    expect(calendarEntryTitle({ title: null, address: '1 Peachtree St' })).toBe('Cleaning @ 1 Peachtree St');
    expect(calendarEntryTitle({ title: '  ', address: 'x' })).toBe('Cleaning @ x');
    expect(calendarAssignedLine('Ann Lee')).toBe('Assigned: Ann Lee');
  });
});

describe('customer context', () => {
  it('merges partial updates field by field and clears back to empty', () => {
    const loaded = mergeCustomerContext(null, { name: 'Ann Lee', hubspotId: '7', deals: [{ id: 'd1' }] });
    expect(loaded).toEqual({ ...EMPTY_CUSTOMER_CONTEXT, name: 'Ann Lee', hubspotId: '7', deals: [{ id: 'd1' }] });
    const merged = mergeCustomerContext(loaded, { status: 'OPEN', deals: [], name: undefined });
    expect(merged).toEqual({ ...loaded, status: 'OPEN', deals: [] });
    expect(EMPTY_CUSTOMER_CONTEXT.notes).toEqual([]);
  });

  it('joins first and last name', () => {
    expect(joinName('Ann', 'Lee')).toBe('Ann Lee');
    expect(joinName(' Ann ', null)).toBe('Ann');
    expect(joinName(undefined, undefined)).toBe('');
  });
});

describe('career listings', () => {
  it('reads status Open and the Truck icon', () => {
    const listing = careerListingSchema.parse({ title: 'Cleaner', description: 'd', location: 'Atlanta', type: 'Part-time', status: 'Open', icon: 'Truck' });
    expect(isOpenListing(listing)).toBe(true);
    expect(careerIcon(listing)).toBe('truck');
    expect(isOpenListing({ status: 'Closed' })).toBe(false);
    expect(careerIcon({ icon: 'Broom' })).toBe('default');
  });
});

describe('§8 booking failure texts', () => {
  it("uses the server's message, else the default", () => {
    expect(bookingFailureMessage('Zip not served')).toBe('Zip not served');
    expect(bookingFailureMessage(undefined)).toBe('Something went wrong with your submission.');
    expect(bookingFailureMessage('  ')).toBe('Something went wrong with your submission.');
    expect(bookingNetworkFailureMessage(new TypeError('Failed to fetch'))).toBe('Failed to fetch');
    expect(bookingNetworkFailureMessage('boom')).toBe('A network or server error occurred.');
  });
});
