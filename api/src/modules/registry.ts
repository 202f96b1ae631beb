import type Router from '@koa/router';
import type { Db } from '@app/db/client';

/** What API modules may depend on; main.ts builds it once. */
export interface ModuleDeps {
  db: Db;
}

/** Every API module's router, mounted by createApp in this order. Add a module here. */
export function moduleRouters(_deps: ModuleDeps): Router[] {
  return [];
}
