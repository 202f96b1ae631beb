import { describe, expect, it } from 'vitest';
import { INTERESTS, isHoneypotFilled, subscribeFormSchema, subscribeSchema } from './subscribe';

const good = { zip: '30303', email: 'ann@example.com', firstName: 'Ann', interest: 'Residential Cleaning', website: '' };

function issues(input: unknown): Record<string, string> {
  const result = subscribeSchema.safeParse(input);
  if (result.success) return {};
  return Object.fromEntries(result.error.issues.map((i) => [i.path.join('.'), i.message]));
}

describe('subscribe (pre-launch notify) schema', () => {
  it('accepts a good payload; website defaults to empty', () => {
    expect(subscribeSchema.parse(good)).toEqual(good);
    const { website: _w, ...withoutHoneypot } = good;
    expect(subscribeSchema.parse(withoutHoneypot).website).toBe('');
  });

  it('lists the three interests', () => {
    expect(INTERESTS).toEqual(['Residential Cleaning', 'Commercial Cleaning', 'Landlord Partnership']);
  });

  it.each(['3030', '30303-1234', 'abcde', '', '3 0303'])('zip %j: format message', (zip) => {
    expect(issues({ ...good, zip })).toEqual({ zip: 'Whoops! Zip code only please — just 5 numbers, no letters or symbols.' });
  });

  it('zip outside the area: the mops message', () => {
    expect(issues({ ...good, zip: '90210' })).toEqual({
      zip: "Our mops aren't in your area quite yet. Check back later, we're always adding more.",
    });
  });

  it.each([
    ['email', { email: 'ann@example' }, 'Please enter a valid email address.'],
    ['firstName', { firstName: '   ' }, 'Please enter your first name.'],
    ['interest', { interest: 'Pool Cleaning' }, 'Please select an interest type.'],
    ['interest', { interest: undefined }, 'Please select an interest type.'],
  ])('refuses a bad %s', (path, patch, message) => {
    expect(issues({ ...good, ...patch })).toEqual({ [path]: message });
  });

  it('does not refuse a filled honeypot (the API drops it silently)', () => {
    const parsed = subscribeSchema.parse({ ...good, website: 'http://spam.example' });
    expect(isHoneypotFilled(parsed)).toBe(true);
    expect(isHoneypotFilled({ website: '  ' })).toBe(false);
    expect(isHoneypotFilled({})).toBe(false);
  });

  it('is strict on the server', () => {
    expect(subscribeSchema.safeParse({ ...good, agreed: true }).success).toBe(false);
  });

  it('the browser form also requires consent', () => {
    const formSchema = subscribeFormSchema({ legalName: 'Sweet Peach Cleaning LLC' });
    expect(formSchema.safeParse({ ...good, agreed: true }).success).toBe(true);
    const result = formSchema.safeParse({ ...good, agreed: false });
    expect(result.error?.issues.map((i) => [i.path.join('.'), i.message])).toEqual([
      ['agreed', 'You must consent to allowing Sweet Peach Cleaning LLC to contact you before submitting.'],
    ]);
  });
});
