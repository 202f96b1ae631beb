import { describe, expect, it } from 'vitest';
import { bookingRequestSchema } from '@app/shared/booking-request';
import { addDays, easternToday } from '@app/shared/eastern-time';
import { isUsPhone } from '@app/shared/phone';
import { bookingBody, customersOf, shuffledPhones } from './customers';

describe('chaos customers', () => {
  it('each get a valid phone of their own, none of the demo data\'s', () => {
    const phones = shuffledPhones();
    expect(new Set(phones).size).toBe(phones.length);
    expect(phones.every(isUsPhone)).toBe(true);
    expect(phones.some((p) => p.startsWith('+1404'))).toBe(false);
  });

  it('come from a loopback address of their own per fault and book with a body the api accepts', () => {
    const phones = shuffledPhones();
    const customers = [...customersOf('run1', 1, 0, 5, phones), ...customersOf('run1', 1, 5, 15, phones), ...customersOf('run1', 2, 0, 20, phones)];
    expect(new Set(customers.map((c) => c.address)).size).toBe(40);
    expect(new Set(customers.map((c) => c.phone)).size).toBe(40);
    expect(customers.every((c) => c.address.startsWith('127.'))).toBe(true);
    const schema = bookingRequestSchema({ legalName: 'Company LLC' });
    expect(schema.safeParse(bookingBody(customers[0]!, addDays(easternToday(), 7))).success).toBe(true);
  });
});
