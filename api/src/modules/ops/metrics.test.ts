import { describe, expect, it } from 'vitest';
import { renderMetrics } from './metrics';

describe('renderMetrics', () => {
  it('writes Prometheus text with every queue state and the outbox backlog', () => {
    const text = renderMetrics({ queues: { crm: { waiting: 3, failed: 1 }, sms: {} }, outbox: { pending: 2, oldestAgeSeconds: 12.5 } });
    expect(text).toContain('# TYPE queue_jobs gauge');
    expect(text).toContain('queue_jobs{queue="crm",state="waiting"} 3');
    expect(text).toContain('queue_jobs{queue="crm",state="failed"} 1');
    expect(text).toContain('queue_jobs{queue="sms",state="active"} 0');
    expect(text).toContain('outbox_pending_events 2');
    expect(text).toContain('outbox_oldest_pending_age_seconds 12.500');
    expect(text.endsWith('\n')).toBe(true);
  });

  it('adds the CRM mirror figures when given', () => {
    const text = renderMetrics({ queues: {}, outbox: { pending: 0, oldestAgeSeconds: 0 }, mirror: { archived: { deal: 4, ticket: 1 }, inactiveOwners: 2 } });
    expect(text).toContain('# TYPE crm_mirror_archived_records gauge');
    expect(text).toContain('crm_mirror_archived_records{table="deal"} 4');
    expect(text).toContain('crm_mirror_archived_records{table="ticket"} 1');
    expect(text).toContain('crm_inactive_owners 2');
  });
});
