import { describe, expect, it } from 'vitest';
import { JOB_QUEUES, OUTBOX_EVENTS, SCHEDULED_JOBS, isOutboxEventType, outboxEvent } from './events';

describe('the outbox event contract', () => {
  it('writes an event with the payload its schema parsed and the aggregate type of its contract', () => {
    const event = outboxEvent('crm.push-booking', { dealId: 'deal-1' }, { aggregateId: 'deal-1' });
    expect(event).toMatchObject({ type: 'crm.push-booking', payload: { dealId: 'deal-1' }, aggregateType: 'deal', aggregateId: 'deal-1' });
    expect(event.id).toMatch(/^[0-9a-f-]{36}$/);
  });

  it('refuses a payload its schema refuses, naming the field, so the request writes nothing', () => {
    expect(() => outboxEvent('crm.push-booking', { dealId: '' }, { aggregateId: 'x' })).toThrow(/dealId/);
    // @ts-expect-error -- a text names its message row only
    expect(() => outboxEvent('sms.send', { messageId: 'm1', body: 'Any words at all' }, { aggregateId: 'm1' })).toThrow(/body/);
    // @ts-expect-error -- nor a number to send it to
    expect(() => outboxEvent('sms.send', { messageId: 'm1', to: '+14045550100' }, { aggregateId: 'm1' })).toThrow(/to/);
  });

  it('gives every event type and schedule a queue, and every event type a done condition over its row', () => {
    for (const [type, contract] of Object.entries(OUTBOX_EVENTS)) {
      expect(isOutboxEventType(type)).toBe(true);
      expect(contract.doneSql).toMatch(/\be\./);
      expect(contract.done.length).toBeGreaterThan(10);
    }
    expect(Object.keys(JOB_QUEUES).sort()).toEqual([...Object.keys(OUTBOX_EVENTS), ...Object.keys(SCHEDULED_JOBS)].sort());
    expect(isOutboxEventType('crm.pull')).toBe(false);
  });
});
