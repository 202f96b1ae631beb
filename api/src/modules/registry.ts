import type Router from '@koa/router';
import type { Db } from '@app/db/client';
import type { OutboxNotifier } from '@app/worker/outbox/notifier';
import type { PublicPostSettings } from '../middleware/public-post';
import { bookingRoutes } from './booking/routes';
import { careersRoutes } from './careers/routes';
import { portalAuthRoutes } from './portal-auth/routes';
import { portalRoutes } from './portal/routes';
import type { StaffSignInSettings } from './staff-auth/oidc-client';
import { staffAuthRoutes } from './staff-auth/routes';
import { staffRoutes } from './staff/routes';
import { contactTicketRoutes } from './contact-ticket/routes';
import { subscribeRoutes } from './subscribe/routes';
import { teamRoutes } from './team/routes';
import { twilioStatusRoutes, type TwilioStatusSettings } from './twilio-status/routes';

/** What API modules may depend on; main.ts builds it once. */
export interface ModuleDeps {
  db: Db;
  outbox: OutboxNotifier;
  /** The clock for date rules (tests pin it). */
  now: () => Date;
  /** Rate limit and Idempotency-Key of the public form POSTs; absent: no rate limit (tests). */
  publicPosts?: PublicPostSettings;
  /** Customer login: the key login codes are stored under, and how far X-Forwarded-For is believed. Absent: dev defaults (tests). */
  auth?: { otpSecret: string; trustedProxyHops: number };
  /** Staff sign-in (OpenID Connect); absent or null: every staff sign-in is refused. */
  staffSignIn?: StaffSignInSettings | null;
  /** Verification of Twilio's status callbacks; absent: the emulator's token and the dev api's address (tests). */
  twilioStatus?: TwilioStatusSettings;
}

/**
 * Every API module's router, mounted by createApp in this order. Add a module here.
 * The portal comes before booking: it takes requestBooking bodies carrying a contactId and lets
 * the public form's bodies through to the booking module.
 */
export function moduleRouters(deps: ModuleDeps): Router[] {
  return [
    portalAuthRoutes(deps),
    portalRoutes(deps),
    bookingRoutes(deps),
    careersRoutes(deps),
    teamRoutes(deps),
    contactTicketRoutes(deps),
    subscribeRoutes(deps),
    staffAuthRoutes(deps),
    staffRoutes(deps),
    twilioStatusRoutes(deps),
  ];
}
