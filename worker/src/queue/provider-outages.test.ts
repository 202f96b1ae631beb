import { describe, expect, it } from 'vitest';
import { trackProviderOutages } from './provider-outages';

describe('provider outages', () => {
  function tracker(holdMs = 30_000) {
    let now = 1_000_000;
    const outages = trackProviderOutages({ holdMs, clock: () => now });
    const recovered: string[] = [];
    outages.onRecovery((queue) => recovered.push(queue));
    return { outages, recovered, advance: (ms: number) => (now += ms) };
  }

  it('holds nothing until a provider fails', () => {
    const { outages } = tracker();
    outages.reportSuccess('crm');
    expect(outages.downQueues()).toEqual([]);
  });

  it('holds a queue from its outage until one of its jobs succeeds, and says so once', () => {
    const { outages, recovered, advance } = tracker();
    outages.reportOutage('crm');
    advance(10_000);
    expect(outages.downQueues()).toEqual(['crm']);
    outages.reportSuccess('sms');
    expect(outages.downQueues()).toEqual(['crm']);
    outages.reportSuccess('crm');
    outages.reportSuccess('crm');
    expect(outages.downQueues()).toEqual([]);
    expect(recovered).toEqual(['crm']);
  });

  it('lets a hold lapse when no outage was reported for holdMs, and renews it with each report', () => {
    const { outages, recovered, advance } = tracker(30_000);
    outages.reportOutage('sms');
    advance(20_000);
    outages.reportOutage('sms');
    advance(20_000);
    expect(outages.downQueues()).toEqual(['sms']);
    advance(10_000);
    expect(outages.downQueues()).toEqual([]);
    // A success after the hold lapsed is no recovery: nothing was held any more.
    outages.reportSuccess('sms');
    expect(recovered).toEqual([]);
  });
});
