import { z } from 'zod';
import { SUPER_ADMIN } from './blank-account';
import type { EmulatorCore } from './core';
import { unauthorized } from './errors';
import { parseBody, type Router } from './routing';

/** The emulated account and private app (any fixed numbers: they only have to stay the same). */
export const HUB_ID = 24_681_012;
export const APP_ID = 3_141_592;

/**
 * HubSpot's documented way to read a private app's scopes: POST the token itself (no bearer
 * header needed). Answers who installed the app, the account, the app and its scopes.
 * HubSpot documents this endpoint for legacy private apps only and publishes nothing about
 * service keys (late 2026): a service key is answered as any token the endpoint does not know.
 */
export function registerTokenInfoRoute(router: Router, core: EmulatorCore): void {
  router.on('POST', '/oauth/v2/private-apps/get/access-token-info', ({ body }) => {
    const { tokenKey } = parseBody(z.object({ tokenKey: z.string().min(1) }), body);
    if (tokenKey !== core.options.accessToken || core.tokenKind !== 'private-app') throw unauthorized();
    const admin = core.store.owners(true).find((o) => o.id === SUPER_ADMIN.id);
    return {
      status: 200,
      body: { userId: admin?.userId ?? 0, hubId: HUB_ID, appId: APP_ID, scopes: core.config().scopes },
    };
  });
}
