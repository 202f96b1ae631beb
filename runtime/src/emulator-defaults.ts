import { EMAIL_EVENTS_PATH, TWILIO_INBOUND_PATH, TWILIO_STATUS_CALLBACK_PATH } from '@app/shared/routes';

/**
 * Outside production, HubSpot, Twilio and e-mail default to the local emulators (started by
 * `npm run dev`); in production their credentials are required and the real services are used
 * unless a base URL says otherwise.
 */
export const EMULATOR_DEFAULTS = {
  HUBSPOT_ACCESS_TOKEN: 'dev-hubspot-token',
  HUBSPOT_BASE_URL: 'http://127.0.0.1:4010',
  TWILIO_ACCOUNT_SID: 'AC00000000000000000000000000de7001',
  TWILIO_AUTH_TOKEN: 'dev-twilio-token',
  TWILIO_FROM: '+15555550100',
  TWILIO_BASE_URL: 'http://127.0.0.1:4020',
  /** The api of `npm run dev` (its default HOST and PORT), where the emulator posts status callbacks. */
  TWILIO_STATUS_CALLBACK_URL: `http://127.0.0.1:3000${TWILIO_STATUS_CALLBACK_PATH}`,
  /** The same api's webhook for texts people send to the emulator's number. */
  TWILIO_INBOUND_URL: `http://127.0.0.1:3000${TWILIO_INBOUND_PATH}`,
  /** The mail emulator's SMTP submission port, with its login (emulators/src/mail). */
  EMAIL_SMTP_URL: 'smtp://dev-mail:dev-mail-password@127.0.0.1:4025',
  /** Its dev inbox page. */
  MAIL_INBOX_URL: 'http://127.0.0.1:4040',
  /** The key the mail emulator signs its webhook with, as a provider does (the api's default outside production). */
  EMAIL_WEBHOOK_SIGNING_KEY: 'dev-mail-webhook-signing-key',
  /** Where it posts: the api of `npm run dev`. */
  EMAIL_EVENTS_URL: `http://127.0.0.1:3000${EMAIL_EVENTS_PATH}`,
} as const;
