import { describe, expect, it } from 'vitest';
import { renderMetrics } from './metrics';

describe('renderMetrics', () => {
  it('writes Prometheus text with every queue state and the outbox backlog', () => {
    const text = renderMetrics({
      queues: { crm: { waiting: 3, failed: 1 }, sms: {} },
      outbox: { pending: 2, oldestAgeSeconds: 12.5 },
      crm: { accountReady: false, accountProblems: 2, refusedBookings: 1 },
    });
    expect(text).toContain('# TYPE queue_jobs gauge');
    expect(text).toContain('queue_jobs{queue="crm",state="waiting"} 3');
    expect(text).toContain('queue_jobs{queue="crm",state="failed"} 1');
    expect(text).toContain('queue_jobs{queue="sms",state="active"} 0');
    expect(text).toContain('outbox_pending_events 2');
    expect(text).toContain('outbox_oldest_pending_age_seconds 12.500');
    expect(text).toContain('crm_account_ready 0');
    expect(text).toContain('crm_account_problems 2');
    expect(text).toContain('crm_bookings_refused 1');
    expect(text.endsWith('\n')).toBe(true);
  });

  it('says -1 for an account nobody has checked yet', () => {
    const text = renderMetrics({ queues: {}, outbox: { pending: 0, oldestAgeSeconds: 0 }, crm: { accountReady: null, accountProblems: 0, refusedBookings: 0 } });
    expect(text).toContain('crm_account_ready -1');
  });
});
