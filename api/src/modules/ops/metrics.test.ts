import { describe, expect, it } from 'vitest';
import { renderMetrics } from './metrics';

describe('renderMetrics', () => {
  it('writes Prometheus text with every queue state and the outbox backlog', () => {
    const text = renderMetrics({ queues: { crm: { waiting: 3, failed: 1 }, sms: {} }, outbox: { pending: 2, oldestAgeSeconds: 12.5 }, sms: [] });
    expect(text).toContain('# TYPE queue_jobs gauge');
    expect(text).toContain('queue_jobs{queue="crm",state="waiting"} 3');
    expect(text).toContain('queue_jobs{queue="crm",state="failed"} 1');
    expect(text).toContain('queue_jobs{queue="sms",state="active"} 0');
    expect(text).toContain('outbox_pending_events 2');
    expect(text).toContain('outbox_oldest_pending_age_seconds 12.500');
    expect(text.endsWith('\n')).toBe(true);
  });

  it('counts text messages by purpose and delivery status, zeros included', () => {
    const text = renderMetrics({
      queues: {},
      outbox: { pending: 0, oldestAgeSeconds: 0 },
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
  });
});
