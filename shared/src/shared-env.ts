import { z } from 'zod';
import { envFields } from './parse-env';

/** Whether `value` is an origin exactly: scheme, host and port, no path and no trailing slash. */
export function isOrigin(value: string): boolean {
  try {
    return new URL(value).origin === value;
  } catch {
    return false;
  }
}

const origin = z.string().refine(isOrigin, 'must be an origin like https://www.example.com (no path, no trailing slash)');

/**
 * Variables the api and the worker both read, and which must carry the same value in both: one
 * definition, so a value one process accepts the other does too. Each process spreads these into
 * its own schema and adds its defaults and production rules (api/src/env.ts, worker/src/env.ts).
 */
export const SHARED_ENV = {
  DATABASE_URL: envFields.postgresUrl,
  /** Unset: the queue lives in Postgres (BullMQ's Postgres backend). */
  REDIS_URL: envFields.redisUrl.optional(),
  /** The queues' and the Redis keys' prefix: the api's dashboard and nudges find the worker's queues by it. */
  QUEUE_PREFIX: envFields.queuePrefix,
  /**
   * Login codes are derived from their challenge under it: the api checks them (and stores code
   * requests' client IPs as HMACs under it), the worker writes their texts. Required in production.
   */
  OTP_SECRET: z.string().min(32, 'must be at least 32 characters').optional(),
  /**
   * The site's public address, e.g. https://www.example.com: in production the api's only source of
   * absolute URLs (the staff sign-in redirect URI), never the request's Host or X-Forwarded-Host;
   * the portal links in the worker's texts. Required in production, https there.
   */
  PUBLIC_URL: origin.optional(),
  /**
   * How many weeks ahead every active recurring plan's visits are kept made (docs/recurring-plans.md):
   * by the worker's round, and by the api when the office makes a plan.
   */
  PLAN_HORIZON_WEEKS: z.coerce.number().int().min(1, 'must be at least 1').max(52, 'must be at most 52').default(8),
  /** Twilio's auth token: the worker sends with it, the api checks Twilio's signatures with it. Outside production: the emulator's. */
  TWILIO_AUTH_TOKEN: z.string().min(1).optional(),
  /** The sender: the worker texts from it, the login page names it (a messaging service id names no number). */
  TWILIO_FROM: z.string().regex(/^(\+\d{8,15}|MG[0-9a-f]{32})$/, 'must be an E.164 number or a messaging service id').optional(),
  /** Where Twilio reports delivery, exactly as the worker passes it and the api verifies signatures over it. */
  TWILIO_STATUS_CALLBACK_URL: z.url({ protocol: /^https?$/ }).optional(),
  /**
   * Whether texts that can wait sit out quiet hours (21:00-08:00 Eastern): the worker's notices,
   * the api's staff replies to a conversation gone quiet (docs/conversations.md). `off` only where no
   * real phone is texted (`npm run dev` sets it, so every text shows in the dev inbox at once).
   */
  QUIET_HOURS: z.enum(['on', 'off']).default('on').transform((v) => v === 'on'),
  /** Customer texts not to send (docs/customer-messages.md): the worker's notices, the api's "request received". */
  CUSTOMER_TEXTS_OFF: envFields.customerTextsOff,
  /**
   * The company's identity as a JSON file, or as the JSON itself (docs/company.md): the api's pages
   * and the worker's texts name the same company. Read by runtime/src/company.ts; one of the two is
   * required in production, where the demo identity would never do.
   */
  COMPANY_CONFIG_FILE: z.string().min(1).optional(),
  COMPANY_CONFIG: z.string().min(1).optional(),
} as const;

/** Production rules for the shared variables that each process's own list cannot state: the company must be named, quiet hours kept. */
export function checkSharedInProduction(
  env: { COMPANY_CONFIG_FILE?: string | undefined; COMPANY_CONFIG?: string | undefined; QUIET_HOURS: boolean },
  ctx: z.RefinementCtx,
): void {
  if (!env.COMPANY_CONFIG_FILE && !env.COMPANY_CONFIG) {
    ctx.addIssue({ code: 'custom', path: ['COMPANY_CONFIG_FILE'], message: 'or COMPANY_CONFIG is required in production (the demo identity is for development and tests)' });
  }
  if (!env.QUIET_HOURS) ctx.addIssue({ code: 'custom', path: ['QUIET_HOURS'], message: 'must be on in production (customers are not texted at night)' });
}

export const SHARED_ENV_KEYS = Object.keys(SHARED_ENV) as ReadonlyArray<keyof typeof SHARED_ENV>;
