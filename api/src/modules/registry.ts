import type Router from '@koa/router';
import type { Db } from '@app/db/client';
import type { OutboxPublisher } from '@app/worker/outbox/publisher';
import { bookingRoutes } from './booking/routes';
import { careersRoutes } from './careers/routes';

/** What API modules may depend on; main.ts builds it once. */
export interface ModuleDeps {
  db: Db;
  outbox: OutboxPublisher;
  /** The clock for date rules (tests pin it). */
  now: () => Date;
}

/** Every API module's router, mounted by createApp in this order. Add a module here. */
export function moduleRouters(deps: ModuleDeps): Router[] {
  return [bookingRoutes(deps), careersRoutes(deps)];
}
