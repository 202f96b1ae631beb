import { z } from 'zod';
import { envFields, parseEnv } from '@app/shared/parse-env';

/**
 * Fixed secrets for development and tests only. Production must set its own: the schema below
 * refuses to start without them, so these values can never sign a production cookie or code.
 */
export const DEV_SECRETS = {
  SESSION_SECRET: 'dev-only-session-secret-do-not-use-in-production',
  OTP_SECRET: 'dev-only-otp-secret-do-not-use-in-production',
} as const;

/** Origins of `npm run dev` (Vite, and the API itself) that may send state-changing requests. */
const DEV_ORIGINS = 'http://127.0.0.1:5173,http://localhost:5173,http://127.0.0.1:3000,http://localhost:3000';

const REQUIRED_IN_PRODUCTION = ['SESSION_SECRET', 'OTP_SECRET'] as const;

const commaList = (value: string) => value.split(',').map((s) => s.trim()).filter(Boolean);
const secret = z.string().min(32, 'each secret must be at least 32 characters');
const origin = z.string().refine((v) => {
  try {
    return new URL(v).origin === v;
  } catch {
    return false;
  }
}, 'each entry must be an origin like https://example.com (scheme, host, optional port, no path)');

const schema = z
  .object({
  NODE_ENV: envFields.nodeEnv,
  HOST: z.string().min(1).default('127.0.0.1'),
  PORT: envFields.port.default(3000),
  DATABASE_URL: envFields.postgresUrl,
  /** Unset: the queue lives in Postgres (BullMQ's Postgres backend). */
  REDIS_URL: envFields.redisUrl.optional(),
  QUEUE_PREFIX: envFields.queuePrefix,
  /** Postgres connections of this process; each request holds one for a single statement. */
  DATABASE_POOL_SIZE: z.coerce.number().int().min(1).max(500).default(20),
  LOG_LEVEL: envFields.logLevel,
  LOG_FORMAT: envFields.logFormat,
  /** Largest JSON body accepted; the forms send text only (photos stay in the browser). */
  BODY_LIMIT: z.string().regex(/^\d+(b|kb|mb)$/i, 'must look like 100kb').default('100kb'),
  /** Folder of the built web app to serve (production and browser tests); unset in dev, where Vite serves it. */
  WEB_DIST_DIR: z.string().min(1).optional(),
  /**
   * Signs the session cookie. Comma-separated for rotation: the first signs new cookies, all of
   * them verify. Required in production.
   */
  SESSION_SECRET: z.string().transform(commaList).pipe(z.array(secret).min(1)).optional(),
  /** Key of the HMAC under which login codes (and client IPs of code requests) are stored. Required in production. */
  OTP_SECRET: secret.optional(),
  /**
   * Other origins than the API's own that may send POST/PUT/PATCH/DELETE (comma-separated),
   * e.g. the public site when it is served from another host. The request's own origin is
   * always allowed. Defaults to the dev servers outside production.
   */
  PUBLIC_ORIGIN: z.string().transform(commaList).pipe(z.array(origin)).optional(),
  /**
   * Public form POSTs (booking, contact ticket, notify-me) allowed per client address, per form,
   * per window; 0 turns the limit off (the intake benchmark). Counted in each API process.
   */
  RATE_LIMIT_MAX: z.coerce.number().int().min(0).default(20),
  RATE_LIMIT_WINDOW_SECONDS: z.coerce.number().int().min(1).max(86_400).default(60),
  /**
   * Proxies in front of the API whose X-Forwarded-For entries are believed for the client
   * address. 0 (default): the socket address, because anyone can write X-Forwarded-For.
   * Behind one load balancer set 1, or every client shares the balancer's limit.
   */
  TRUST_PROXY_HOPS: z.coerce.number().int().min(0).max(10).default(0),
  /** How long an Idempotency-Key and its stored answer are kept. */
  IDEMPOTENCY_TTL_HOURS: z.coerce.number().int().min(1).max(24 * 30).default(24),
})
  .superRefine((env, ctx) => {
    if (env.NODE_ENV !== 'production') return;
    for (const key of REQUIRED_IN_PRODUCTION) {
      if (!env[key]) ctx.addIssue({ code: 'custom', path: [key], message: 'is required in production' });
    }
  })
  .transform(({ SESSION_SECRET, OTP_SECRET, PUBLIC_ORIGIN, ...env }) => {
    const production = env.NODE_ENV === 'production';
    return {
      ...env,
      SESSION_KEYS: SESSION_SECRET ?? [DEV_SECRETS.SESSION_SECRET],
      OTP_SECRET: OTP_SECRET ?? DEV_SECRETS.OTP_SECRET,
      PUBLIC_ORIGINS: PUBLIC_ORIGIN ?? (production ? [] : commaList(DEV_ORIGINS)),
      /** The session cookie is Secure everywhere but on a developer's machine and in tests. */
      COOKIE_SECURE: production,
    };
  });

export type ApiEnv = z.output<typeof schema>;

export function loadApiEnv(source: Readonly<Record<string, string | undefined>> = process.env): ApiEnv {
  return parseEnv(schema, source);
}
