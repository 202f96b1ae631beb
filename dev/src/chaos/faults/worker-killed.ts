import { startHubSpotHold } from '../hubspot-hold';
import { killOwnWorker, startOwnWorker, stopOwnWorker } from '../own-worker';
import { sleep, type Fault } from './fault';

/** If no push of its own is in flight by then, the worker is killed anyway. */
const PUSH_WAIT_AFTER_TRAFFIC_MS = 20_000;
/** How long the worker stays dead. */
const DEAD_FOR_MS = 2_000;

/**
 * A worker dies (SIGKILL) in the middle of a batch push: HubSpot has made the records, the worker
 * has not recorded them, its jobs are locked to a process that is gone. Chaos never signals dev's
 * worker: it starts one of its own beside it (same environment, HubSpot through a pass-through
 * that holds HubSpot's answers to batch pushes), kills that one by its PID while one is held,
 * then starts it again. The new one is stopped (SIGTERM) once the outcome is counted.
 */
export const workerKilled: Fault = {
  title: '2 worker killed in the middle of a batch push',
  async run(ctx, send) {
    const hold = await startHubSpotHold(ctx.hubspotUrl);
    ctx.afterwards(() => hold.close());
    const first = startOwnWorker(ctx.workerEnv(hold.url));
    ctx.afterwards(() => stopOwnWorker(first));
    await first.ready;
    ctx.say(`started a worker of chaos's own beside dev's (PID ${first.pid}); HubSpot's answers to its batch pushes are held from now`);
    hold.hold();
    const traffic = send();
    const held = await Promise.race([hold.held(), traffic.then(() => sleep(PUSH_WAIT_AFTER_TRAFFIC_MS)).then(() => undefined)]);
    await killOwnWorker(first);
    hold.release();
    ctx.say(
      held
        ? `SIGKILL to PID ${first.pid} while HubSpot's answer to its ${held} was held`
        : `SIGKILL to PID ${first.pid}; dev's worker took every push, so none of its own was in flight`,
    );
    await sleep(DEAD_FOR_MS);
    const second = startOwnWorker(ctx.workerEnv(hold.url));
    ctx.afterwards(() => stopOwnWorker(second));
    await second.ready;
    const endedAt = Date.now();
    ctx.say(`started it again (PID ${second.pid})`);
    await traffic;
    return { endedAt };
  },
};
