import { describe, expect, it } from 'vitest';
import {
  cleaningConfirmedSms,
  helpReplySms,
  invoiceReadySms,
  invoiceReminderSms,
  paymentReceivedSms,
  planConfirmedSms,
  reminderSms,
  requestAnsweredSms,
  requestReceivedSms,
  rescheduledSms,
  type MessageContext,
} from './customer-messages';
import { describePlanRule } from './recurring-plan';
import { gsm7Length } from './sms-segments';

const ctx: MessageContext = { company: 'Atlanta Home Cleaning', phone: '(404) 555-0100', portalUrl: 'https://www.atlantahomecleaning.com/login' };
// 9 AM Eastern (EST) on Tuesday, December 1, 2026.
const at = new Date('2026-12-01T14:00:00Z');

describe('customer text messages', () => {
  it('say what happened, with the company first and the details a customer needs', () => {
    expect(requestReceivedSms(ctx, 'ATL-7K3F')).toBe(
      'Atlanta Home Cleaning customer texts: we got your cleaning request ATL-7K3F. Msg freq varies. Msg&data rates may apply. Reply HELP for help, STOP to opt out.',
    );
    expect(cleaningConfirmedSms(ctx, 'ATL-7K3F', at)).toBe(
      'Atlanta Home Cleaning: your cleaning ATL-7K3F is confirmed for Tue, Dec 1 at 9:00 AM. Details: https://www.atlantahomecleaning.com/login',
    );
    expect(planConfirmedSms(ctx, 'Every Tuesday at 10:00 AM')).toBe(
      'Atlanta Home Cleaning: your plan is set: Every Tuesday at 10:00 AM. See or skip visits: https://www.atlantahomecleaning.com/login',
    );
    expect(reminderSms(ctx, at)).toBe(
      'Atlanta Home Cleaning reminder: your cleaning is Tue, Dec 1 at 9:00 AM. Please make sure we can get in. Questions? Call (404) 555-0100',
    );
    expect(requestAnsweredSms(ctx, 'ATL-7K3F', 'cancellation request')).toContain('answered your cancellation request for ATL-7K3F');
    expect(requestAnsweredSms(ctx, 'ATL-7K3F', 're-clean claim')).toContain('answered your re-clean claim for ATL-7K3F');
    expect(rescheduledSms(ctx, 'ATL-7K3F', new Date('2026-07-04T18:30:00Z'))).toContain('has moved to Sat, Jul 4 at 2:30 PM.');
    // The answer to a request says what became of it, with the new day and time (Eastern, named).
    expect(requestAnsweredSms(ctx, 'ATL-7K3F', 'change request', { kind: 'moved', scheduledAt: new Date('2026-12-08T15:00:00Z') })).toBe(
      "Atlanta Home Cleaning: we've moved your cleaning ATL-7K3F to Tue, Dec 8 at 10:00 AM ET, as you asked. Details: https://www.atlantahomecleaning.com/login",
    );
    expect(requestAnsweredSms(ctx, 'ATL-7K3F', 'change request', { kind: 'declined', scheduledAt: at })).toBe(
      "Atlanta Home Cleaning: we can't accept your change request for ATL-7K3F: it stays Tue, Dec 1 at 9:00 AM ET. Why: https://www.atlantahomecleaning.com/login",
    );
    expect(requestAnsweredSms(ctx, 'ATL-7K3F', 'cancellation request', { kind: 'declined', scheduledAt: at })).toBe(
      "Atlanta Home Cleaning: we can't cancel your cleaning ATL-7K3F: it stays Tue, Dec 1 at 9:00 AM ET. Why: https://www.atlantahomecleaning.com/login",
    );
    expect(requestAnsweredSms(ctx, 'ATL-7K3F', 're-clean claim', { kind: 'declined', scheduledAt: at })).toBe(
      "Atlanta Home Cleaning: we can't accept your re-clean claim for ATL-7K3F. Why: https://www.atlantahomecleaning.com/login",
    );
    expect(requestAnsweredSms(ctx, 'ATL-7K3F', 'change request', { kind: 'declined', scheduledAt: null })).toBe(
      "Atlanta Home Cleaning: we can't accept your change request for ATL-7K3F. Why: https://www.atlantahomecleaning.com/login",
    );
    expect(requestAnsweredSms(ctx, 'ATL-7K3F', 'cancellation request', { kind: 'canceled' })).toBe(
      "Atlanta Home Cleaning: we've canceled your cleaning ATL-7K3F, as you asked. Details: https://www.atlantahomecleaning.com/login",
    );
    expect(invoiceReadySms(ctx, '$189.00', 'https://pay.example/inv/1')).toBe('Atlanta Home Cleaning: your invoice for $189.00 is ready. Pay online: https://pay.example/inv/1');
    expect(invoiceReadySms(ctx, '$189.00', null)).toContain(`Pay online: ${ctx.portalUrl}`);
    expect(invoiceReminderSms(ctx, 'ATL-7K3F', '$411.10', 'https://pay.example/inv/1')).toBe(
      'Atlanta Home Cleaning: a reminder, your invoice for $411.10 (ATL-7K3F) is still unpaid. Pay online: https://pay.example/inv/1',
    );
    expect(paymentReceivedSms(ctx, 'ATL-7K3F', '$411.10')).toBe(
      'Atlanta Home Cleaning: thank you, we received your payment of $411.10 for ATL-7K3F. Receipt: https://www.atlantahomecleaning.com/login',
    );
    expect(helpReplySms(ctx)).toBe(
      'Atlanta Home Cleaning customer texts: cleaning updates & login codes. Help: (404) 555-0100. Msg freq varies. Msg&data rates may apply. Reply STOP to opt out.',
    );
  });

  it('each fit one 160-character GSM-7 segment with ordinary values', () => {
    const all = [
      requestReceivedSms(ctx, 'ATL-7K3F'),
      cleaningConfirmedSms(ctx, 'ATL-7K3F', new Date('2026-09-30T16:30:00Z')),
      reminderSms(ctx, new Date('2026-09-30T16:30:00Z')),
      // The longest rule in words there is.
      planConfirmedSms(ctx, describePlanRule({ frequency: 'monthly_nth_weekday', nth: 4, weekday: 3, startTime: '10:30' })),
      requestAnsweredSms(ctx, 'ATL-7K3F', 'cancellation request'),
      requestAnsweredSms(ctx, 'ATL-7K3F', 're-clean claim'),
      // The longest day and time there is: Wed, Sep 30 at 12:30 PM.
      requestAnsweredSms(ctx, 'ATL-7K3F', 'change request', { kind: 'moved', scheduledAt: new Date('2026-09-30T16:30:00Z') }),
      requestAnsweredSms(ctx, 'ATL-7K3F', 'change request', { kind: 'declined', scheduledAt: new Date('2026-09-30T16:30:00Z') }),
      requestAnsweredSms(ctx, 'ATL-7K3F', 'cancellation request', { kind: 'declined', scheduledAt: new Date('2026-09-30T16:30:00Z') }),
      requestAnsweredSms(ctx, 'ATL-7K3F', 'cancellation request', { kind: 'canceled' }),
      rescheduledSms(ctx, 'ATL-7K3F', new Date('2026-09-30T16:30:00Z')),
      invoiceReadySms(ctx, '$1,189.00', null),
      paymentReceivedSms(ctx, 'ATL-7K3F', '$1,189.00'),
      invoiceReminderSms(ctx, 'ATL-7K3F', '$1,189.00', null),
      helpReplySms(ctx),
    ];
    for (const text of all) expect(gsm7Length(text), text).toBeLessThanOrEqual(160);
  });

  it('counts GSM-7 the way carriers do', () => {
    expect(gsm7Length('Hello, world!')).toBe(13);
    expect(gsm7Length('Price: 10€ [approx]')).toBe(22);
    expect(gsm7Length('It’s clean')).toBeNull();
    expect(gsm7Length('Clean ✨')).toBeNull();
  });
});
