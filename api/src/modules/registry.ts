import { tipsRoutes } from './tips/routes';
import type { CustomerMessageKind } from '@app/shared/customer-messages';
import type Router from '@koa/router';
import type { Db } from '@app/db/client';
import type { AnyQueue } from '@app/runtime/queue/connection';
import type { OutboxNotifier } from '@app/runtime/outbox/notifier';
import type { PublicPostSettings } from '../middleware/public-post';
import { bookingRoutes } from './booking/routes';
import { careersRoutes } from './careers/routes';
import { cleanerRoutes } from './cleaner/routes';
import { homeProfilePortalRoutes } from './home-profile/portal-routes';
import type { Keyring } from './home-profile/sealing';
import { portalAuthRoutes } from './portal-auth/routes';
import type { SmsBudget } from './portal-auth/service';
import { portalRoutes } from './portal/routes';
import { portalChannelsRoutes } from './portal/channels-routes';
import type { StaffSignInSettings } from './staff-auth/oidc-client';
import { staffAuthRoutes } from './staff-auth/routes';
import { staffRoutes } from './staff/router';
import { supportTicketRoutes } from './support-ticket/routes';
import { signupRoutes } from './signup/routes';
import { teamRoutes } from './team/routes';
import { twilioInboundRoutes, type TwilioInboundSettings } from './twilio-inbound/routes';
import { twilioStatusRoutes, type TwilioStatusSettings } from './twilio-status/routes';
import { emailUnsubscribeRoutes } from './email-unsubscribe/routes';
import { emailEventsRoutes, type EmailEventsSettings } from './email-events/routes';
import type { PlanSettings } from './staff/plans/repository';

/** What API modules may depend on; main.ts builds it once, tests with test/module-deps.ts. Every field is required: no module falls back to a value of its own. */
export interface ModuleDeps {
  db: Db;
  outbox: OutboxNotifier;
  /** The clock for date rules (tests pin it). */
  now: () => Date;
  /** Rate limit and Idempotency-Key of the public form POSTs (a limit of 0 turns the rate limit off). */
  publicPosts: PublicPostSettings;
  /**
   * Customer login: the key login codes are stored under, how far X-Forwarded-For is believed,
   * the company's text budget, and the number a phone that replied STOP texts START to (null: none to name).
   */
  auth: { otpSecret: string; trustedProxyHops: number; smsBudget: SmsBudget; smsReplyNumber: string | null };
  /** Staff sign-in (OpenID Connect); null: every staff sign-in is refused. */
  staffSignIn: StaffSignInSettings | null;
  /** The HubSpot account's id (HUBSPOT_ACCOUNT_ID): staff pages link to its records. Null: no links. */
  hubspotAccountId: string | null;
  /** The job queues, for the staff board's count of failed jobs. */
  queues: Readonly<Record<string, AnyQueue>>;
  /**
   * When a text that can wait may go out: past quiet hours (shared/src/quiet-hours.ts sendableAt),
   * or at once (QUIET_HOURS=off, development). A staff reply to a conversation gone quiet waits.
   */
  sendableAt: (at: Date) => Date;
  /** Customer texts switched off (CUSTOMER_TEXTS_OFF); empty: every kind is sent. */
  customerTextsOff: ReadonlySet<CustomerMessageKind>;
  /** Verification of Twilio's status callbacks. */
  twilioStatus: TwilioStatusSettings;
  /** Verification of texts to our number. */
  twilioInbound: TwilioInboundSettings;
  /** The keys customers' entry secrets are sealed and opened with (HOME_SECRET_KEYS). */
  homeSecrets: Keyring;
  /** Verification of the e-mail provider's webhook (bounces, complaints, deliveries). */
  emailEvents: EmailEventsSettings;
  /** Recurring plans: how far ahead their visits are made (PLAN_HORIZON_WEEKS) and the company's closed days. */
  plans: PlanSettings;
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
    homeProfilePortalRoutes(deps),
    portalChannelsRoutes(deps),
    bookingRoutes(deps),
    careersRoutes(deps),
    teamRoutes(deps),
    supportTicketRoutes(deps),
    signupRoutes(deps),
    staffAuthRoutes(deps),
    staffRoutes(deps),
    cleanerRoutes(deps),
    twilioStatusRoutes(deps),
    twilioInboundRoutes(deps),
    emailUnsubscribeRoutes(deps),
    tipsRoutes(deps),
    emailEventsRoutes(deps),
  ];
}
