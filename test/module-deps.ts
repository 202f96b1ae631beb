import type { Db } from '@app/db/client';
import type { OutboxNotifier } from '@app/runtime/outbox/notifier';
import { EMULATOR_DEFAULTS } from '@app/runtime/emulator-defaults';
import { DEV_OTP_SECRET } from '@app/runtime/sms/login-code';
import type { ModuleDeps } from '@app/api/modules/registry';

/**
 * The api modules' dependencies as a test builds its app: the emulators' Twilio token and the
 * development addresses, the development OTP key, no rate limit. The api's main.ts passes production
 * values for every one of them; no module falls back to these by itself.
 */
export function testModuleDeps(base: { db: Db; outbox: OutboxNotifier; now: () => Date }, overrides: Partial<ModuleDeps> = {}): ModuleDeps {
  return {
    ...base,
    auth: { otpSecret: DEV_OTP_SECRET, trustedProxyHops: 0, smsReplyNumber: null },
    twilioStatus: { authToken: EMULATOR_DEFAULTS.TWILIO_AUTH_TOKEN, callbackUrl: EMULATOR_DEFAULTS.TWILIO_STATUS_CALLBACK_URL },
    twilioInbound: { authToken: EMULATOR_DEFAULTS.TWILIO_AUTH_TOKEN, webhookUrl: EMULATOR_DEFAULTS.TWILIO_INBOUND_URL },
    ...overrides,
  };
}
