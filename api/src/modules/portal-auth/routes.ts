import Router from '@koa/router';
import { requestCodeSchema, verifyCodeSchema } from '@app/shared/login';
import { LOGIN_CODE_SENT } from '@app/shared/texts';
import { DEV_SECRETS } from '../../env';
import { clientIp } from '../../middleware/client-ip';
import { signInCustomer } from '../../middleware/session';
import type { ModuleDeps } from '../registry';
import { RateLimited, requestLoginCode, verifyLoginCode } from './service';

/**
 * Customer login by e-mail, phone and a texted one-time code (spec §2, §4, §7):
 * POST /api/portal/auth/request-code and POST /api/portal/auth/verify-code.
 * Failures answer { error, code }; the login page shows `error`.
 */
export function portalAuthRoutes(deps: ModuleDeps): Router {
  const serviceDeps = { ...deps, otpSecret: deps.auth?.otpSecret ?? DEV_SECRETS.OTP_SECRET };
  const hops = deps.auth?.trustedProxyHops ?? 0;
  const router = new Router({ prefix: '/api/portal/auth' });

  router.post('/request-code', async (ctx) => {
    const input = requestCodeSchema.parse(ctx.request.body ?? {});
    try {
      await requestLoginCode(serviceDeps, input, clientIp(ctx, hops));
    } catch (error) {
      if (error instanceof RateLimited) ctx.set('Retry-After', String(error.retryAfterSeconds));
      throw error;
    }
    ctx.body = { success: true, message: LOGIN_CODE_SENT };
  });

  router.post('/verify-code', async (ctx) => {
    const input = verifyCodeSchema.parse(ctx.request.body ?? {});
    const { contactId } = await verifyLoginCode(serviceDeps, input);
    await signInCustomer(ctx, contactId);
    ctx.body = { success: true };
  });

  return router;
}
