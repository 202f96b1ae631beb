import { sleep, type Fault } from './fault';

/**
 * The fault starts this long into the traffic and lasts this long, a round of terminations every
 * ROUND_MS: often enough that a connection opened meanwhile rarely lives to finish a request,
 * as while Postgres restarts.
 */
const START_AFTER_MS = 2_000;
const LASTS_MS = 8_000;
const ROUND_MS = 20;

/**
 * Postgres "restarts" during intake: every other connection to the dev database is ended
 * (pg_terminate_backend), again and again for a few seconds, while requests come in. The api
 * should answer 503 with Retry-After meanwhile; clients try again.
 */
export const postgresRestart: Fault = {
  title: '3 Postgres restarting during intake',
  async run(ctx, send) {
    const traffic = send();
    await sleep(START_AFTER_MS);
    let ended = 0;
    let rounds = 0;
    const until = Date.now() + LASTS_MS;
    while (Date.now() < until) {
      ended += await ctx.database.terminateOthers();
      rounds += 1;
      await sleep(ROUND_MS);
    }
    const endedAt = Date.now();
    ctx.say(`ended ${ended} connections of the api and the worker in ${rounds} rounds over ${LASTS_MS / 1000} s`);
    await traffic;
    return { endedAt };
  },
};
