import type { Db } from '@app/db/client';
import { ACTION_KINDS, ACTION_REQUESTS, actionRequests, readActionDeals } from './action-deals';
import { percentile } from './request-stats';
import { seedActionDealsInMirror } from './seed-action-deals';
import { cpuMs } from './server-processes';
import { staffLoad, type StaffRequest } from './staff-load';

/** The staff actions' target: the api answers each within 100 ms at the 99th percentile, 20 staff at work. */
export const TARGET_ACTION_P99_MS = 100;
const ms = (n: number) => `${n.toFixed(1)} ms`;

/**
 * bench:staff's actions, answered by the api alone (the worker that takes the commands on to
 * HubSpot is not running: staff-actions-hubspot.ts times that): `perKind` deals of each kind
 * are added to the mirror, and the signed-in staff members (`cookies`) each act on deals of
 * their own, the kinds in turn, reading each answer for `think()` ms, as they read pages. The
 * first `warmup` requests are not timed. Prints p50 and p99 of each request against the target,
 * every answer other than the expected one, and the api's CPU time a request (`apiPid`'s, from
 * /proc: less moved by other work on the machine than latency is); returns how many figures
 * missed their target.
 */
export async function measureStaffActions(options: {
  db: Db;
  port: number;
  apiPid: number;
  cookies: readonly string[];
  perKind: number;
  warmup: number;
  think: () => number;
  thinkMs: number;
  now: Date;
}): Promise<number> {
  const { db, cookies, now } = options;
  const deals = await readActionDeals(db, await seedActionDealsInMirror(db, { perKind: options.perKind, now }));
  const cleaners = (await db.owner.findMany({ where: { active: true }, select: { id: true }, orderBy: { id: 'asc' } })).map((o) => o.id);
  // Deal j (the kinds in turn) goes to staff member j mod staff: each acts on deals of their own.
  const order = [...deals].sort((a, b) => a.n - b.n || ACTION_KINDS.indexOf(a.kind) - ACTION_KINDS.indexOf(b.kind));
  const queues: StaffRequest[][] = cookies.map(() => []);
  for (const [j, deal] of order.entries()) {
    for (const r of actionRequests(deal, cleaners, now)) {
      queues[j % cookies.length]!.push({ kind: r.request, method: 'POST', path: r.path, body: JSON.stringify(r.body), expected: r.expected });
    }
  }
  const total = queues.reduce((sum, q) => sum + q.length, 0);
  const cpuBefore = await cpuMs(options.apiPid);
  const run = await staffLoad(options.port, cookies, {
    kinds: ACTION_REQUESTS.length,
    warmup: options.warmup,
    count: total - options.warmup,
    think: options.think,
    next: (c) => queues[c]!.shift(),
  });
  const cpuPerRequest = ((await cpuMs(options.apiPid)) - cpuBefore) / total;
  console.log(
    `${cookies.length} staff acting on deals of their own (then ${options.thinkMs / 2}-${(options.thinkMs * 3) / 2} ms to read the answer): ` +
      `${total - options.warmup} timed requests, ${((total - options.warmup) / run.seconds).toFixed(0)} requests/s, api CPU ${ms(cpuPerRequest)} a request, failures ${run.failures}`,
  );
  let missed = run.failures > 0 ? 1 : 0;
  for (const [i, name] of ACTION_REQUESTS.entries()) {
    const sorted = run.latencies[i]!;
    const [p50, p99] = [percentile(sorted, 50), percentile(sorted, 99)];
    if (p99 >= TARGET_ACTION_P99_MS) missed++;
    console.log(`  ${name.padEnd(16)} p50 ${ms(p50).padStart(9)}  p99 ${ms(p99).padStart(9)}  (${sorted.length} timed, target p99 < ${TARGET_ACTION_P99_MS} ms)`);
  }
  for (const [answer, times] of run.unexpected) console.log(`  unexpected answer: ${answer} ×${times}`);
  return missed;
}
