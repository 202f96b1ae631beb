import { DEMO_COMPANY } from '@app/shared/company';
import type { Db } from '@app/db/client';
import type { OutboxNotifier } from '@app/runtime/outbox/notifier';
import { EMULATOR_DEFAULTS } from '@app/runtime/emulator-defaults';
import { DEV_OTP_SECRET } from '@app/runtime/sms/login-code';
import type { PublicPostSettings } from '@app/api/middleware/public-post';
import type { ModuleDeps } from '@app/api/modules/registry';
import type { SmsBudget } from '@app/api/modules/portal-auth/service';
import { sendableAt } from '@app/shared/quiet-hours';
import { DEV_HOME_SECRET_KEYS, keyringOf } from '@app/api/modules/home-profile/sealing';

/** The public form POSTs without a rate limit (a limit of 0), keys kept a day: tests send many from one address. */
export const UNLIMITED_PUBLIC_POSTS: PublicPostSettings = {
  rateLimit: { max: 0, windowMs: 60_000, trustedProxyHops: 0 },
  idempotencyTtlMs: 24 * 60 * 60_000,
};

/** The api's own default text budget (SMS_BUDGET_PER_HOUR, SMS_BUDGET_PER_DAY in api/src/env.ts). */
export const TEST_SMS_BUDGET: SmsBudget = { perHour: 200, perDay: 1_000 };

type Overrides = Partial<Omit<ModuleDeps, 'auth'>> & { auth?: Partial<ModuleDeps['auth']> };

/**
 * The api modules' dependencies as a test builds its app: the emulators' Twilio token and the
 * development addresses, the development OTP key, no rate limit, the default text budget, no
 * staff sign-in, no HubSpot links, no queues, every customer text on, quiet hours kept, the development key for entry secrets, the mail emulator's webhook signing key. The api's main.ts passes
 * production values for every one of them; no module falls back to these by itself.
 * `overrides` replaces fields, and single settings of `auth`.
 */
export function testModuleDeps(base: { db: Db; outbox: OutboxNotifier; now: () => Date }, overrides: Overrides = {}): ModuleDeps {
  const { auth, ...rest } = overrides;
  return {
    ...base,
    publicPosts: UNLIMITED_PUBLIC_POSTS,
    staffSignIn: null,
    hubspotAccountId: null,
    queues: {},
    customerTextsOff: new Set(),
    // As in production: quiet hours kept (tests pin the clock where it matters).
    sendableAt,
    twilioStatus: { authToken: EMULATOR_DEFAULTS.TWILIO_AUTH_TOKEN, callbackUrl: EMULATOR_DEFAULTS.TWILIO_STATUS_CALLBACK_URL },
    twilioInbound: { authToken: EMULATOR_DEFAULTS.TWILIO_AUTH_TOKEN, webhookUrl: EMULATOR_DEFAULTS.TWILIO_INBOUND_URL },
    homeSecrets: keyringOf(DEV_HOME_SECRET_KEYS),
    emailEvents: { signingKey: EMULATOR_DEFAULTS.EMAIL_WEBHOOK_SIGNING_KEY },
    plans: { horizonWeeks: 8, closedDays: new Set(DEMO_COMPANY.closedDays) },
    ...rest,
    auth: { otpSecret: DEV_OTP_SECRET, trustedProxyHops: 0, smsBudget: TEST_SMS_BUDGET, smsReplyNumber: null, ...auth },
  };
}
