import { waitUntil } from '../../net';
import { sleep, type Fault } from './fault';

/** How long the relay gets to hand the fault's events to the queue before the store goes. */
const DISPATCH_LIMIT_MS = 15_000;
/** The outage goes on a little after the store is gone, as a Redis that lost its data comes back first. */
const OUTAGE_AFTER_MS = 5_000;

/**
 * Redis loses its data while HubSpot and Twilio are down: the requests' jobs were in the queue,
 * retrying, when the store was emptied. Only Postgres still knows about them.
 */
export const queueStoreLost: Fault = {
  title: '1 Redis emptied during a HubSpot and Twilio outage',
  async run(ctx, send) {
    const startedAt = new Date();
    await ctx.emulators.startOutage();
    ctx.afterwards(() => ctx.emulators.endOutage());
    ctx.say('HubSpot and Twilio are down (every call answers 503); sending');
    await send();
    // Events the relay holds while HubSpot is down stay in the outbox; the others go to the queue.
    let outbox = await ctx.database.outboxSince(startedAt);
    await waitUntil(async () => (outbox = await ctx.database.outboxSince(startedAt)).due === 0, DISPATCH_LIMIT_MS, 250);
    const keys = await ctx.store.empty();
    ctx.say(
      `emptied the queue store (${keys} keys) while ${outbox.dispatched} of the fault's events were in the queue, ` +
        `${outbox.held} held in the outbox and ${outbox.due} not yet dispatched`,
    );
    await sleep(OUTAGE_AFTER_MS);
    await ctx.emulators.endOutage();
    ctx.say('HubSpot and Twilio answer again');
    return { endedAt: Date.now() };
  },
};
