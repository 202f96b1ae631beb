import { startTwilioEmulator, type TwilioEmulator } from '@app/emulators/twilio/twilio-emulator';
import { EMULATOR_DEFAULTS } from '@app/runtime/emulator-defaults';
import { throwawaySecrets } from '../dev/src/net';

/**
 * A Twilio emulator on 127.0.0.1 for a benchmark's worker, with the variables that point the
 * worker at it. A worker given an account but no TWILIO_BASE_URL talks to the real Twilio: every
 * benchmark that starts one passes these, so no text leaves the machine.
 */
export async function startLocalTwilio(): Promise<{ emulator: TwilioEmulator; env: Record<string, string> }> {
  const authToken = throwawaySecrets().TWILIO_AUTH_TOKEN;
  const emulator = await startTwilioEmulator({ port: 0, accountSid: EMULATOR_DEFAULTS.TWILIO_ACCOUNT_SID, authToken, phoneNumber: EMULATOR_DEFAULTS.TWILIO_FROM });
  return {
    emulator,
    env: {
      TWILIO_ACCOUNT_SID: EMULATOR_DEFAULTS.TWILIO_ACCOUNT_SID,
      TWILIO_AUTH_TOKEN: authToken,
      TWILIO_FROM: EMULATOR_DEFAULTS.TWILIO_FROM,
      TWILIO_BASE_URL: emulator.url,
    },
  };
}
