import { describe, expect, it } from 'vitest';
import { fromTwilioStatus, loginCodeDelivery, statusesBefore } from './sms-delivery';

describe('sms delivery states', () => {
  it('only ever moves a message forward', () => {
    expect(statusesBefore('queued')).toEqual([]);
    expect(statusesBefore('sent')).toEqual(['queued', 'sending']);
    // A final status replaces any earlier one, never another final one.
    expect(statusesBefore('undelivered')).toEqual(['queued', 'sending', 'sent']);
    expect(statusesBefore('delivered')).not.toContain('failed');
  });

  it("reads Twilio's MessageStatus values", () => {
    expect(fromTwilioStatus('accepted')).toBe('queued');
    expect(fromTwilioStatus('sent')).toBe('sent');
    expect(fromTwilioStatus('read')).toBe('delivered');
    expect(fromTwilioStatus('undelivered')).toBe('undelivered');
    expect(fromTwilioStatus('failed')).toBe('failed');
    expect(fromTwilioStatus('received')).toBeNull();
    expect(fromTwilioStatus('canceled')).toBeNull();
  });

  it('tells the login page pending, sent, delivered or failed', () => {
    expect(loginCodeDelivery(null)).toBe('pending');
    expect(loginCodeDelivery('sending')).toBe('pending');
    expect(loginCodeDelivery('sent')).toBe('sent');
    expect(loginCodeDelivery('delivered')).toBe('delivered');
    expect(loginCodeDelivery('undelivered')).toBe('failed');
    expect(loginCodeDelivery('failed')).toBe('failed');
  });
});
