import { describe, expect, it } from 'vitest';
import { isUnsubscribeToken, unsubscribeToken, unsubscribeUrl } from './unsubscribe-token';

const secret = 'k'.repeat(32);

describe('unsubscribe tokens', () => {
  it('sign the address, whatever its case, and nothing else', () => {
    const token = unsubscribeToken(secret, 'Dana@Customer.example');
    expect(isUnsubscribeToken(secret, 'dana@customer.example', token)).toBe(true);
    expect(isUnsubscribeToken(secret, 'someone@customer.example', token)).toBe(false);
    expect(isUnsubscribeToken('o'.repeat(32), 'dana@customer.example', token)).toBe(false);
    expect(isUnsubscribeToken(secret, 'dana@customer.example', token.slice(1))).toBe(false);
  });

  it('make a link on the public site with the address and its token', () => {
    const url = new URL(unsubscribeUrl('https://www.cleaning.example', secret, 'dana@customer.example'));
    expect(url.origin + url.pathname).toBe('https://www.cleaning.example/api/email/unsubscribe');
    expect(url.searchParams.get('a')).toBe('dana@customer.example');
    expect(isUnsubscribeToken(secret, 'dana@customer.example', url.searchParams.get('t')!)).toBe(true);
  });
});
