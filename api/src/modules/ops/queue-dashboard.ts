import { createBullBoard } from '@bull-board/api';
import { BullMQAdapter } from '@bull-board/api/bullMQAdapter';
import { KoaAdapter } from '@bull-board/koa';
import type { Middleware } from 'koa';
import type { AnyQueue } from '@app/worker/queue/connection';

export const QUEUE_DASHBOARD_PATH = '/admin/queues';

/**
 * bull-board: every queue, job data, stack traces, retry of failed jobs. Who may see it is
 * decided by the caller (main.ts): development only until staff sign-in exists.
 */
export function queueDashboard(queues: readonly AnyQueue[]): Middleware {
  const serverAdapter = new KoaAdapter();
  serverAdapter.setBasePath(QUEUE_DASHBOARD_PATH);
  // bull-board's adapter types name the Redis flavour of Queue; both backends share its API.
  createBullBoard({ queues: queues.map((q) => new BullMQAdapter(q as never)), serverAdapter });
  return serverAdapter.registerPlugin() as Middleware;
}
