import { describe, expect, it } from 'vitest';
import { contactTicketSchema, isFirstAndLastName } from './contact-ticket';
import { CONTACT_NAME_ERROR, PHONE_10_DIGITS_ERROR } from './texts';

const schema = contactTicketSchema({ legalName: 'Sweet Peach Cleaning LLC' });
const good = {
  name: 'Ann Lee',
  email: 'ann@example.com',
  phone: '4045551234',
  bookingId: '',
  reason: 'Service Inquiry',
  description: 'Do you clean garages?',
  agreed: true,
};

function issues(input: unknown): Record<string, string> {
  const result = schema.safeParse(input);
  if (result.success) return {};
  return Object.fromEntries(result.error.issues.map((i) => [i.path.join('.'), i.message]));
}

describe('contact ticket schema', () => {
  it('accepts a good payload', () => {
    expect(schema.parse(good)).toEqual({ ...good, phone: '+14045551234', bookingId: undefined });
    expect(schema.parse({ ...good, bookingId: '12345', reason: 'General Question' }).bookingId).toBe('12345');
  });

  it.each(['Ann Lee', 'Mary-Jane O\'Brien', 'José  Álvarez', 'Ann B. Lee'])('name %j has two alphabetic words', (name) => {
    expect(isFirstAndLastName(name)).toBe(true);
  });

  it.each(['Ann', '', '  ', 'Ann 3', 'Ann L33', '- -', 'R2 D2'])('name %j is refused with the §5 message', (name) => {
    expect(issues({ ...good, name })).toEqual({ name: 'Please enter both your first and last name.' });
    expect(CONTACT_NAME_ERROR).toBe('Please enter both your first and last name.');
  });

  it.each(['404555123', '40455512345', 'call me', ''])('phone %j is refused with the §5 message', (phone) => {
    expect(issues({ ...good, phone })).toEqual({ phone: 'Please enter a valid 10-digit US phone number.' });
    expect(PHONE_10_DIGITS_ERROR).toBe('Please enter a valid 10-digit US phone number.');
  });

  it('accepts the phone typed with formatting or the +1 prefix', () => {
    expect(schema.parse({ ...good, phone: '(404) 555-1234' }).phone).toBe('+14045551234');
    expect(schema.parse({ ...good, phone: '+1 404 555 1234' }).phone).toBe('+14045551234');
  });

  it.each([
    ['email', { email: 'nope' }, 'Please enter a valid email address.'],
    ['reason', { reason: 'Complaint' }, 'Please choose a reason for contacting us.'],
    ['description', { description: ' ' }, 'Please describe how we can help.'],
    ['agreed', { agreed: false }, 'You must consent to allowing Sweet Peach Cleaning LLC to contact you before submitting.'],
  ])('refuses a bad %s', (path, patch, message) => {
    expect(issues({ ...good, ...patch })).toEqual({ [path]: message });
  });

  it('is strict', () => {
    expect(schema.safeParse({ ...good, admin: true }).success).toBe(false);
  });
});
