import { describe, expect, it } from 'vitest';
import { CHANGE_TYPES, manageBookingSchema, ticketCategoryForAction } from './manage-booking';

const change = {
  email: 'ann@example.com',
  dealId: '1234567',
  action: 'change',
  reason: 'Out of town',
  changeType: 'Reschedule to another day',
  hs_ticket_category: 'Reschedule Request',
};
const cancel = { ...change, action: 'cancel', changeType: '', hs_ticket_category: 'Cancellation Request' };

function issues(input: unknown): Record<string, string> {
  const result = manageBookingSchema.safeParse(input);
  if (result.success) return {};
  return Object.fromEntries(result.error.issues.map((i) => [i.path.join('.'), i.message]));
}

describe('manage booking schema', () => {
  it('lists the four change types', () => {
    expect(CHANGE_TYPES).toEqual(['Reschedule to another day', 'Change service type', 'Update square footage', 'Other']);
  });

  it('accepts a change and a cancel', () => {
    expect(manageBookingSchema.parse(change)).toEqual(change);
    expect(manageBookingSchema.parse(cancel)).toEqual({ ...cancel, changeType: undefined });
    const { changeType: _c, ...cancelWithout } = cancel;
    expect(manageBookingSchema.safeParse(cancelWithout).success).toBe(true);
    // A client of the spec may send null for "no change type" on a cancel.
    expect(manageBookingSchema.parse({ ...cancel, changeType: null })).toEqual({ ...cancel, changeType: undefined });
    expect(issues({ ...change, changeType: null })).toEqual({ changeType: 'Please choose what you would like to change.' });
  });

  it('files the category that matches the action', () => {
    expect(ticketCategoryForAction('change')).toBe('Reschedule Request');
    expect(ticketCategoryForAction('cancel')).toBe('Cancellation Request');
  });

  it.each([
    ['reason', { ...change, reason: '  ' }, 'Please tell us the reason for your request.'],
    ['reason', { ...cancel, reason: undefined }, 'Please tell us the reason for your request.'],
    ['changeType', { ...change, changeType: '' }, 'Please choose what you would like to change.'],
    ['changeType', { ...change, changeType: 'Paint the house' }, 'Please choose what you would like to change.'],
    ['hs_ticket_category', { ...change, hs_ticket_category: 'Cancellation Request' }, 'The request category does not match the chosen action.'],
    ['hs_ticket_category', { ...cancel, hs_ticket_category: 'Reschedule Request' }, 'The request category does not match the chosen action.'],
    ['action', { ...change, action: 'delete' }, 'Please choose to change or cancel the booking.'],
    ['email', { ...change, email: 'x' }, 'Please enter a valid email address.'],
    ['dealId', { ...change, dealId: '' }, 'Please choose a booking.'],
  ])('refuses a bad %s', (path, input, message) => {
    expect(issues(input)).toEqual({ [path]: message });
  });

  it('is strict', () => {
    expect(manageBookingSchema.safeParse({ ...change, extra: 1 }).success).toBe(false);
  });
});
