import { describe, expect, it } from 'vitest';
import { STAGE } from '@app/shared/deal-stages';
import { sendableAt } from '@app/shared/quiet-hours';
import { cancellationOf, closedOutDone, dealNoticeFor, invoiceBecameOpen, invoiceReminders, noticeKey, reminderAt, ticketAnswered } from './notice-rules';

const NOW = new Date('2026-12-01T15:00:00Z');
const DAY2 = new Date('2026-12-03T14:00:00Z');
const DAY3 = new Date('2026-12-04T14:00:00Z');
const requested = { stageId: STAGE.CLEAN_REQUESTED, scheduledAt: null };
const scheduled = (at: Date | null) => ({ stageId: STAGE.CLEANING_SCHEDULED, scheduledAt: at });

describe('dealNoticeFor', () => {
  it('confirms a cleaning that reaches Cleaning Scheduled with a date ahead', () => {
    expect(dealNoticeFor(requested, scheduled(DAY2), NOW)).toEqual({ kind: 'cleaning_confirmed', scheduledAt: DAY2 });
    // The stage came first, the date later: the date is what confirms it.
    expect(dealNoticeFor(scheduled(null), scheduled(DAY2), NOW)).toEqual({ kind: 'cleaning_confirmed', scheduledAt: DAY2 });
  });

  it('says a confirmed cleaning moved when its date changes, and nothing when it did not', () => {
    expect(dealNoticeFor(scheduled(DAY2), scheduled(DAY3), NOW)).toEqual({ kind: 'rescheduled', scheduledAt: DAY3 });
    expect(dealNoticeFor(scheduled(DAY2), scheduled(new Date(DAY2)), NOW)).toBeNull();
  });

  it('says nothing without a date, for another stage, or about a cleaning already past', () => {
    expect(dealNoticeFor(requested, scheduled(null), NOW)).toBeNull();
    expect(dealNoticeFor(scheduled(DAY2), { stageId: STAGE.CANCELED, scheduledAt: DAY2 }, NOW)).toBeNull();
    expect(dealNoticeFor(requested, scheduled(new Date('2026-11-30T14:00:00Z')), NOW)).toBeNull();
  });

  it('keys each text by deal, kind and what it is about, so a new date gets a new text and a re-read none', () => {
    expect(noticeKey('rescheduled', 'd1', { scheduledAt: DAY3.toISOString() })).toBe('rescheduled:d1:2026-12-04T14:00:00.000Z');
    expect(noticeKey('invoice_ready', 'd1', { invoiceId: '501' })).toBe('invoice_ready:d1:501');
    expect(noticeKey('request_answered', 'd1', { ticketId: '77' })).toBe('request_answered:d1:77');
  });
});

describe('cancellationOf', () => {
  const canceled = (at: Date | null) => ({ stageId: STAGE.CANCELED, scheduledAt: at });
  const held = new Date('2026-11-30T12:00:00Z');
  const as = <T>(moment: T, version: Date | null = held) => ({ ...moment, hubspotUpdatedAt: version });

  it('is a deal reaching Canceled from a live stage, named by the version it canceled', () => {
    expect(cancellationOf(as(scheduled(DAY2)), canceled(DAY2), NOW)).toEqual({ cancellation: held.toISOString() });
    expect(cancellationOf(as(requested), canceled(null), NOW)).toEqual({ cancellation: held.toISOString() });
    expect(cancellationOf(as(requested, null), canceled(null), NOW)).toEqual({ cancellation: 'unmirrored' });
    expect(noticeKey('canceled', 'd1', { cancellation: held.toISOString() })).toBe('canceled:d1:2026-11-30T12:00:00.000Z');
  });

  it('is nothing for a deal already over, or any other stage', () => {
    expect(cancellationOf(as(canceled(DAY2)), canceled(DAY3), NOW)).toBeNull();
    expect(cancellationOf(as({ stageId: STAGE.CLEANING_DONE, scheduledAt: DAY2 }), canceled(DAY2), NOW)).toBeNull();
    expect(cancellationOf(as({ stageId: STAGE.QUOTE_CANCELED, scheduledAt: null }), canceled(null), NOW)).toBeNull();
    expect(cancellationOf(as(requested), { stageId: STAGE.QUOTE_CANCELED, scheduledAt: null }, NOW)).toBeNull();
    expect(cancellationOf(as(requested), scheduled(DAY2), NOW)).toBeNull();
    // A cleaning whose time had come (a close-out as a no-show or canceled on the day): no notice.
    expect(cancellationOf(as(scheduled(DAY2)), canceled(DAY2), DAY2)).toBeNull();
    expect(cancellationOf(as(scheduled(DAY2)), canceled(DAY2), DAY3)).toBeNull();
  });

  it('keys a quote e-mail by its quote, so each quote sent gets one', () => {
    expect(noticeKey('quote_ready', 'd1', { quoteId: 'c9' })).toBe('quote_ready:d1:c9');
  });
});

describe('invoiceReminders', () => {
  // 9 AM Eastern on Friday, December 4, 2026.
  const now = new Date('2026-12-04T14:00:00Z');
  it('reminds an unpaid invoice at 10 AM Eastern 3 and 7 days past its due date, each its own', () => {
    expect(invoiceReminders('2026-12-07', {}, now)).toEqual([
      { nth: 1, at: new Date('2026-12-10T15:00:00Z') },
      { nth: 2, at: new Date('2026-12-14T15:00:00Z') },
    ]);
    expect(noticeKey('invoice_reminder', 'deal-1', { invoiceId: '77', reminder: 2 })).toBe('invoice_reminder:deal-1:77:2');
    expect(noticeKey('invoice_ready', 'deal-1', { invoiceId: '77' })).toBe('invoice_ready:deal-1:77');
  });
  it('follows the configured days, leaves out those already past, and none without a due date', () => {
    expect(invoiceReminders('2026-12-07', { invoiceReminderDays: [1] }, now).map((r) => r.at.toISOString())).toEqual(['2026-12-08T15:00:00.000Z']);
    expect(invoiceReminders('2026-11-28', {}, now).map((r) => r.nth)).toEqual([2]);
    expect(invoiceReminders('2026-11-20', {}, now)).toEqual([]);
    expect(invoiceReminders(null, {}, now)).toEqual([]);
    expect(invoiceReminders('2026-12-07', { invoiceReminderDays: [] }, now)).toEqual([]);
  });
  it('with a delay (development, the browser tests), comes that many seconds apart from now, due date or not', () => {
    expect(invoiceReminders(null, { invoiceReminderDelaySeconds: 10 }, now)).toEqual([
      { nth: 1, at: new Date('2026-12-04T14:00:10Z') },
      { nth: 2, at: new Date('2026-12-04T14:00:20Z') },
    ]);
  });
});

describe('reminderAt', () => {
  it('is the day before, moved past quiet hours, and never after the cleaning or in the past', () => {
    expect(reminderAt(DAY2, NOW, sendableAt)).toEqual(new Date('2026-12-02T14:00:00Z'));
    // A 07:00 cleaning: 07:00 the day before is quiet, so 08:00 the day before.
    expect(reminderAt(new Date('2026-12-03T12:00:00Z'), NOW, sendableAt)).toEqual(new Date('2026-12-02T13:00:00Z'));
    // Booked 20 hours ahead: the confirmation was the reminder.
    expect(reminderAt(new Date(NOW.getTime() + 20 * 3_600_000), NOW, sendableAt)).toBeNull();
    // A 06:00 cleaning whose reminder would wait past the cleaning itself.
    expect(reminderAt(new Date('2026-12-03T11:00:00Z'), NOW, (at) => new Date(at.getTime() + 30 * 3_600_000))).toBeNull();
  });
});

describe('reminderAt with another lead', () => {
  it('goes out that long before the cleaning (REMINDER_LEAD_HOURS)', () => {
    expect(reminderAt(DAY3, NOW, sendableAt, 48 * 3_600_000)).toEqual(new Date('2026-12-02T14:00:00Z'));
    expect(reminderAt(DAY2, NOW, sendableAt, 48 * 3_600_000)).toBeNull();
  });
});

describe('closedOutDone', () => {
  const done = (visitOutcome: string | null, stageId: string = STAGE.CLEANING_DONE) => ({ stageId, scheduledAt: DAY2, visitOutcome });
  it('is a scheduled cleaning reaching Cleaning Done by a close-out as done', () => {
    expect(closedOutDone(scheduled(DAY2), done('done'))).toBe(true);
  });
  it('is not a no-show or a cancellation on the day, a Cleaning Done without the outcome, or a deal already done', () => {
    expect(closedOutDone(scheduled(DAY2), done('no-show', STAGE.CANCELED))).toBe(false);
    expect(closedOutDone(scheduled(DAY2), done('canceled-on-the-day', STAGE.CANCELED))).toBe(false);
    expect(closedOutDone(scheduled(DAY2), done(null))).toBe(false);
    expect(closedOutDone({ stageId: STAGE.CLEANING_DONE, scheduledAt: DAY2 }, done('done'))).toBe(false);
  });
});

describe('ticketAnswered', () => {
  it('is a ticket reaching a closed stage (Closed, Request Completed, Request Declined) from an open one', () => {
    expect(ticketAnswered('1', '4')).toBe(true);
    expect(ticketAnswered('1', '1613485805')).toBe(true);
    expect(ticketAnswered(null, '1613485806')).toBe(true);
    expect(ticketAnswered('4', '1613485805')).toBe(false);
    expect(ticketAnswered('4', '1')).toBe(false);
    expect(ticketAnswered('1', '1')).toBe(false);
  });
});

describe('invoiceBecameOpen', () => {
  it('is an open invoice new to the deal, or the deal\'s invoice turning open; not a re-read, a payment or a draft', () => {
    expect(invoiceBecameOpen({ invoiceHubspotId: null, invoiceStatus: null }, { hubspotId: '9', status: 'open' })).toBe(true);
    expect(invoiceBecameOpen({ invoiceHubspotId: '9', invoiceStatus: 'draft' }, { hubspotId: '9', status: 'open' })).toBe(true);
    expect(invoiceBecameOpen({ invoiceHubspotId: '8', invoiceStatus: 'open' }, { hubspotId: '9', status: 'open' })).toBe(true);
    expect(invoiceBecameOpen({ invoiceHubspotId: '9', invoiceStatus: 'open' }, { hubspotId: '9', status: 'open' })).toBe(false);
    expect(invoiceBecameOpen({ invoiceHubspotId: '9', invoiceStatus: 'open' }, { hubspotId: '9', status: 'paid' })).toBe(false);
    expect(invoiceBecameOpen({ invoiceHubspotId: null, invoiceStatus: null }, { hubspotId: '9', status: 'draft' })).toBe(false);
  });
});
