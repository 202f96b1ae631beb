import { describe, expect, it } from 'vitest';
import type { SentRequest } from './requests';
import { copiesOf, loginCodeIn, loginTextsTo, nextSighting, type EmulatorSnapshot } from './sightings';

const code = (c: string) => `${c} is your Atlanta Home Cleaning login code. It expires in 10 minutes. Never share it with anyone.`;

const snapshot: EmulatorSnapshot = {
  at: 50_000,
  deals: [{ properties: { app_request_id: 'deal-1' } }, { properties: { app_request_id: 'deal-2' } }, { properties: { app_request_id: 'deal-2' } }, { properties: {} }],
  tickets: [{ properties: { app_request_id: 'ticket-1' } }],
  texts: [
    { to: '+14705550101', body: code('123456'), createdAt: 20_000 },
    { to: '+14705550101', body: code('654321'), createdAt: 9_000 },
    { to: '+14705550101', body: 'Your cleaning is tomorrow.', createdAt: 21_000 },
    { to: '+16785550102', body: code('111111'), createdAt: 30_000 },
  ],
};

const sent = (kind: SentRequest['kind'], key: string | null, sentAt = 10_000): SentRequest => ({ kind, key, sentAt, takenAt: key ? sentAt : null, answers: [200] });

describe('copiesOf', () => {
  it('finds a booking by its deal id and a change request by its ticket id', () => {
    expect(copiesOf(sent('booking', 'deal-1'), snapshot)).toBe(1);
    expect(copiesOf(sent('booking', 'deal-2'), snapshot)).toBe(2);
    expect(copiesOf(sent('booking', 'deal-3'), snapshot)).toBe(0);
    expect(copiesOf(sent('change request', 'ticket-1'), snapshot)).toBe(1);
    expect(copiesOf(sent('change request', 'deal-1'), snapshot)).toBe(0);
  });

  it('counts the login-code texts to the phone since the request, to the second', () => {
    expect(copiesOf(sent('login code', '+14705550101', 9_400), snapshot)).toBe(2);
    expect(copiesOf(sent('login code', '+14705550101', 10_000), snapshot)).toBe(1);
    expect(copiesOf(sent('login code', '+17705550103'), snapshot)).toBe(0);
  });

  it('finds nothing for a request never taken', () => {
    expect(copiesOf(sent('booking', null), snapshot)).toBe(0);
  });
});

describe('login-code texts', () => {
  it('reads the code of a login-code text only', () => {
    expect(loginCodeIn(code('012345'))).toBe('012345');
    expect(loginCodeIn('Your cleaning is tomorrow.')).toBeUndefined();
  });

  it('matches phones by their digits', () => {
    expect(loginTextsTo(snapshot.texts, '+1 (678) 555-0102', 0)).toHaveLength(1);
  });
});

describe('nextSighting', () => {
  it('keeps the first look that found the request and the most copies any look found', () => {
    expect(nextSighting(undefined, 0, 1_000)).toBeUndefined();
    const first = nextSighting(undefined, 1, 2_000);
    expect(first).toEqual({ firstSeenAt: 2_000, copies: 1 });
    expect(nextSighting(first, 2, 3_000)).toEqual({ firstSeenAt: 2_000, copies: 2 });
    expect(nextSighting({ firstSeenAt: 2_000, copies: 2 }, 1, 4_000)).toEqual({ firstSeenAt: 2_000, copies: 2 });
  });
});
