import { describe, expect, it } from 'vitest';
import { renderMetrics, type OpsFigures } from './metrics';

const quiet: OpsFigures = {
  queues: {},
  outbox: { pending: 0, oldestAgeSeconds: 0, redispatched: 0 },
  sms: [],
  smsOptOuts: { keyword: 0, provider: 0 },
  smsHeld: [],
  smsFailures: [],
  crm: { accountReady: true, accountProblems: 0, refusedBookings: 0, lastPullAgeSeconds: 30 },
  mirror: { archived: { deal: 0, ticket: 0 }, inactiveOwners: 0 },
  smsBudget: { sent: { hour: 0, day: 0 }, limit: { hour: 200, day: 1000 } },
  hubspotBudgetWaits: 0,
  hubspotDaily: null,
  email: [],
};

describe('renderMetrics', () => {
  it('writes Prometheus text with every queue state, the outbox backlog and the HubSpot account figures', () => {
    const text = renderMetrics({
      ...quiet,
      queues: { crm: { waiting: 3, failed: 1 }, sms: {} },
      outbox: { pending: 2, oldestAgeSeconds: 12.5, redispatched: 3 },
      crm: { accountReady: false, accountProblems: 2, refusedBookings: 1, lastPullAgeSeconds: 61.4 },
    });
    expect(text).toContain('crm_pull_last_success_age_seconds 61');
    expect(text).toContain('# TYPE hubspot_budget_waits_total counter');
    expect(text).toContain('hubspot_budget_waits_total 0');
    expect(renderMetrics({ ...quiet, hubspotBudgetWaits: 42 })).toContain('hubspot_budget_waits_total 42');
    expect(renderMetrics({ ...quiet, hubspotBudgetWaits: null })).toContain('hubspot_budget_waits_total NaN');
    expect(text).toContain('# TYPE hubspot_daily_requests gauge');
    expect(text).toContain('hubspot_daily_requests{counted="account"} NaN');
    expect(text).toContain('hubspot_daily_limit NaN');
    const daily = renderMetrics({
      ...quiet,
      hubspotDaily: { day: '2026-11-27', sent: 1_200, used: 201_200, limit: 250_000, refused: { push: 0, pull: 0, sweep: 7 }, sentBy: { push: 100, pull: 1_000, sweep: 100 } },
    });
    expect(daily).toContain('hubspot_daily_requests{counted="sent"} 1200');
    expect(daily).toContain('hubspot_daily_requests{counted="account"} 201200');
    expect(daily).toContain('hubspot_daily_limit 250000');
    expect(daily).toContain('hubspot_daily_refused{use="sweep"} 7');
    expect(text).toContain('# TYPE queue_jobs gauge');
    expect(text).toContain('queue_jobs{queue="crm",state="waiting"} 3');
    expect(text).toContain('queue_jobs{queue="crm",state="failed"} 1');
    expect(text).toContain('queue_jobs{queue="sms",state="active"} 0');
    expect(text).toContain('outbox_pending_events 2');
    expect(text).toContain('outbox_oldest_pending_age_seconds 12.500');
    expect(text).toContain('outbox_redispatched_events_total 3');
    expect(text).toContain('# TYPE outbox_redispatched_events_total counter');
    expect(text).toContain('crm_account_ready 0');
    expect(text).toContain('crm_account_problems 2');
    expect(text).toContain('crm_bookings_refused 1');
    expect(text.endsWith('\n')).toBe(true);
  });

  it('counts every kind of customer text by state, zeros included, and the phones that opted out', () => {
    const text = renderMetrics({ ...quiet, sms: [{ purpose: 'reminder', status: 'canceled', count: 3 }], smsOptOuts: { keyword: 4, provider: 1 } });
    expect(text).toContain('sms_messages{purpose="reminder",status="canceled"} 3');
    expect(text).toContain('sms_messages{purpose="invoice_ready",status="delivered"} 0');
    expect(text).toContain('sms_messages{purpose="request_answered",status="failed"} 0');
    expect(text).toContain('sms_opted_out_phones{source="keyword"} 4');
    expect(text).toContain('sms_opted_out_phones{source="provider"} 1');
  });

  it('counts the phones held back and the recent failures by Twilio error code, zeros included', () => {
    const text = renderMetrics({
      ...quiet,
      smsHeld: [{ errorCode: 30006, count: 2 }],
      smsFailures: [
        { errorCode: 30034, hour: 3, day: 5 },
        { errorCode: 30003, hour: 1, day: 1 },
        { errorCode: 30005, hour: 0, day: 2 },
        { errorCode: null, hour: 0, day: 1 },
      ],
    });
    expect(text).toContain('# TYPE sms_held_phones gauge');
    expect(text).toContain('sms_held_phones{error_code="30006"} 2');
    expect(text).toContain('sms_held_phones{error_code="30007"} 0');
    expect(text).toContain('# TYPE sms_failed_texts gauge');
    expect(text).toContain('sms_failed_texts{error_code="30034",window="hour"} 3');
    expect(text).toContain('sms_failed_texts{error_code="30034",window="day"} 5');
    expect(text).toContain('sms_failed_texts{error_code="21608",window="hour"} 0');
    expect(text).toContain('sms_failed_texts{error_code="30036",window="day"} 0');
    expect(text).toContain('sms_failed_texts{error_code="other",window="hour"} 1');
    expect(text).toContain('sms_failed_texts{error_code="other",window="day"} 3');
    expect(text).toContain('sms_failed_texts{error_code="none",window="day"} 1');
  });

  it('raises sms_budget_exhausted for each window whose text budget is spent (the alert of SMS pumping)', () => {
    const text = renderMetrics({ ...quiet, smsBudget: { sent: { hour: 200, day: 640 }, limit: { hour: 200, day: 1000 } } });
    expect(text).toContain('sms_budget_sent{window="hour"} 200');
    expect(text).toContain('sms_budget_limit{window="day"} 1000');
    expect(text).toContain('sms_budget_exhausted{window="hour"} 1');
    expect(text).toContain('sms_budget_exhausted{window="day"} 0');
  });

  it('says -1 for an account nobody has checked yet', () => {
    const text = renderMetrics({ ...quiet, crm: { accountReady: null, accountProblems: 0, refusedBookings: 0, lastPullAgeSeconds: null } });
    expect(text).toContain('crm_account_ready -1');
    expect(text).toContain('crm_pull_last_success_age_seconds -1');
  });

  it('counts text messages by purpose and delivery status, zeros included', () => {
    const text = renderMetrics({
      ...quiet,
      sms: [
        { purpose: 'login_code', status: 'delivered', count: 7 },
        { purpose: 'login_code', status: 'undelivered', count: 2 },
      ],
    });
    expect(text).toContain('# TYPE sms_messages gauge');
    expect(text).toContain('sms_messages{purpose="login_code",status="delivered"} 7');
    expect(text).toContain('sms_messages{purpose="login_code",status="undelivered"} 2');
    expect(text).toContain('sms_messages{purpose="login_code",status="failed"} 0');
    expect(text).toContain('sms_messages{purpose="staff_invite",status="sent"} 0');
    expect(text).toContain('sms_messages{purpose="staff_reply",status="delivered"} 0');
    expect(text).toContain('sms_messages{purpose="after_hours_reply",status="canceled"} 0');
  });

  it('adds the CRM mirror figures', () => {
    const text = renderMetrics({ ...quiet, mirror: { archived: { deal: 4, ticket: 1 }, inactiveOwners: 2 } });
    expect(text).toContain('# TYPE crm_mirror_archived_records gauge');
    expect(text).toContain('crm_mirror_archived_records{table="deal"} 4');
    expect(text).toContain('crm_mirror_archived_records{table="ticket"} 1');
    expect(text).toContain('crm_inactive_owners 2');
  });

  it('counts e-mails sent, bounced and marked as spam by kind, as counters with every kind written', () => {
    const text = renderMetrics({ ...quiet, email: [{ event: 'sent', kind: 'reminder', count: 40 }, { event: 'bounced', kind: 'reminder', count: 3 }, { event: 'complained', kind: 'rating_request', count: 1 }] });
    for (const name of ['email_sent_total', 'email_bounced_total', 'email_complained_total']) expect(text).toContain(`# TYPE ${name} counter`);
    expect(text).toContain('email_sent_total{kind="reminder"} 40');
    expect(text).toContain('email_bounced_total{kind="reminder"} 3');
    expect(text).toContain('email_bounced_total{kind="cleaning_confirmed"} 0');
    expect(text).toContain('email_complained_total{kind="rating_request"} 1');
    expect(text).toContain('email_complained_total{kind="portal_invite"} 0');
  });
});
