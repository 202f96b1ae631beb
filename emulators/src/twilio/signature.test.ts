import twilio from 'twilio';
import { describe, expect, it } from 'vitest';
import { twilioSignature } from './signature';

describe('twilioSignature', () => {
  const url = 'https://api.example.com/api/twilio/status?messageId=abc';
  const params = { To: '+14045550123', MessageStatus: 'undelivered', ErrorCode: '30003', MessageSid: `SM${'1'.repeat(32)}`, Body: 'a b&c=d' };

  it('is accepted by the SDK for the same token, URL and parameters', () => {
    expect(twilio.validateRequest('secret-token', twilioSignature('secret-token', url, params), url, params)).toBe(true);
  });

  it('is refused for another token, another URL or a changed parameter', () => {
    const signature = twilioSignature('secret-token', url, params);
    expect(twilio.validateRequest('other-token', signature, url, params)).toBe(false);
    expect(twilio.validateRequest('secret-token', signature, url.replace('abc', 'abd'), params)).toBe(false);
    expect(twilio.validateRequest('secret-token', signature, url, { ...params, MessageStatus: 'delivered' })).toBe(false);
  });

  it('does not depend on the order the parameters come in', () => {
    const reversed = Object.fromEntries(Object.entries(params).reverse());
    expect(twilioSignature('t', url, reversed)).toBe(twilioSignature('t', url, params));
  });
});
