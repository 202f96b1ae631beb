import { describe, expect, it } from 'vitest';
import { bookingRequestSchema } from '@app/shared/booking-request';
import { addDays, easternToday } from '@app/shared/eastern-time';
import { isUsPhone } from '@app/shared/phone';
import { bookingBody, clientAddress, customersOf, newRun } from './customers';

describe('chaos customers', () => {
  it('each get a valid phone of their own, none of the demo data\'s', () => {
    const { phones } = newRun();
    expect(new Set(phones).size).toBe(phones.length);
    expect(phones.every(isUsPhone)).toBe(true);
    expect(phones.some((p) => p.startsWith('+1404'))).toBe(false);
  });

  it('come from a loopback address of their own, in a network of the run\'s', () => {
    const run = newRun();
    const customers = [...customersOf(run, 1, 0, 5), ...customersOf(run, 1, 5, 15), ...customersOf(run, 2, 0, 20)];
    expect(new Set(customers.map((c) => c.address)).size).toBe(40);
    expect(new Set(customers.map((c) => c.phone)).size).toBe(40);
    expect(customers.every((c) => c.address.startsWith(`127.${run.octet}.`))).toBe(true);
    expect(clientAddress({ octet: 1 }, 3, 0)).toBe('127.1.3.10');
    expect(clientAddress({ octet: 254 }, 1, 19)).toBe('127.254.1.29');
    expect(newRun(() => 0.999999).octet).toBe(254);
    expect(newRun(() => 0).octet).toBe(1);
  });

  it('book with a body the api accepts, the text box unticked', () => {
    const [customer] = customersOf(newRun(), 1, 0, 1);
    const body = bookingBody(customer!, addDays(easternToday(), 7));
    expect(bookingRequestSchema({ legalName: 'Company LLC' }).safeParse(body).success).toBe(true);
    expect(body.textsAgreed).toBe(false);
  });
});
