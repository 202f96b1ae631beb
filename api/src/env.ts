import { z } from 'zod';
import { envFields, parseEnv } from '@app/shared/parse-env';
import { SHARED_ENV, checkSharedInProduction, isOrigin } from '@app/shared/shared-env';
import { TWILIO_INBOUND_PATH, TWILIO_STATUS_CALLBACK_PATH } from '@app/shared/routes';
import { replyNumberOf } from '@app/shared/phone';
import { EMULATOR_DEFAULTS } from '@app/runtime/emulator-defaults';
import { DEV_OTP_SECRET } from '@app/runtime/sms/login-code';
import { DEV_HOME_SECRET_KEYS, keyringOf, parseKeyring, type Keyring } from './modules/home-profile/sealing';

/**
 * Fixed secrets for development and tests only. Production must set its own: the schema below
 * refuses to start without them, so these values can never sign a production cookie or code.
 */
export const DEV_SECRETS = {
  SESSION_SECRET: 'dev-only-session-secret-do-not-use-in-production',
  OTP_SECRET: DEV_OTP_SECRET,
  HOME_SECRET_KEYS: DEV_HOME_SECRET_KEYS,
} as const;

/** Origins of `npm run dev` (Vite, and the API itself) that may send state-changing requests. */
const DEV_ORIGINS = 'http://127.0.0.1:5173,http://localhost:5173,http://127.0.0.1:3000,http://localhost:3000';

const REQUIRED_IN_PRODUCTION = ['SESSION_SECRET', 'OTP_SECRET', 'HOME_SECRET_KEYS', 'TWILIO_AUTH_TOKEN', 'METRICS_TOKEN', 'PUBLIC_URL', 'EMAIL_WEBHOOK_SIGNING_KEY'] as const;

/**
 * Staff sign-in outside production: the local OpenID provider that `npm run dev` starts
 * (emulators/src/oidc/provider.ts, which signs in e-mails of DEV_STAFF_EMAIL_DOMAIN by default).
 */
export const OIDC_DEV_DEFAULTS = {
  ISSUER_URL: 'http://127.0.0.1:4030',
  CLIENT_ID: 'atlanta-cleaning-dev',
  CLIENT_SECRET: 'dev-only-oidc-client-secret',
  STAFF_EMAIL_DOMAINS: 'atlantahomecleaning.example',
} as const;
const GOOGLE_ISSUER_URL = 'https://accounts.google.com';
/** The staff member `npm run dev`'s provider signs in by default (emulators/src/oidc/provider.ts): an admin outside production. */
const DEV_ADMIN_EMAIL = `staff@${OIDC_DEV_DEFAULTS.STAFF_EMAIL_DOMAINS}`;
/** Without all of these, production has no staff sign-in (every attempt is refused). */
const STAFF_SIGN_IN_KEYS = ['OIDC_CLIENT_ID', 'OIDC_CLIENT_SECRET', 'STAFF_EMAIL_DOMAINS'] as const;

/** The development key's bytes: refused in production under any id. */
const devHomeKey = keyringOf(DEV_HOME_SECRET_KEYS).current.key;

const commaList = (value: string) => value.split(',').map((s) => s.trim()).filter(Boolean);
const secret = z.string().min(32, 'each secret must be at least 32 characters');
const origin = z.string().refine(isOrigin, 'each entry must be an origin like https://example.com (scheme, host, optional port, no path)');

const schema = z
  .object({
  NODE_ENV: envFields.nodeEnv,
  /** Read by the api and the worker alike, with the same value (shared/src/shared-env.ts). */
  ...SHARED_ENV,
  HOST: z.string().min(1).default('127.0.0.1'),
  PORT: envFields.port.default(3000),
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
  /**
   * Keys that seal customers' entry secrets (docs/home-profile.md): `id:base64key,…`, each 32
   * bytes. The first seals, all of them open (rotation). Required in production.
   */
  HOME_SECRET_KEYS: z
    .string()
    .transform((value, ctx): { keyring: Keyring } => {
      const parsed = parseKeyring(value);
      if ('problems' in parsed) {
        for (const message of parsed.problems) ctx.addIssue({ code: 'custom', message });
        return z.NEVER;
      }
      return { keyring: parsed.keyring };
    })
    .optional(),
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
  /**
   * The company's text budget (docs/login-security.md): login codes, invitations and booking acknowledgements per hour and per day (not texts about scheduled cleanings);
   * beyond it login codes are refused (503) and /metrics raises sms_budget_exhausted.
   */
  SMS_BUDGET_PER_HOUR: z.coerce.number().int().min(1).default(200),
  /** The HubSpot account's id ("Hub ID" in HubSpot's account menu): staff pages link to its records. Unset: no links. */
  HUBSPOT_ACCOUNT_ID: z.string().regex(/^\d{1,15}$/, 'must be the account\'s number (Hub ID)').optional(),
  /** Bearer token GET /metrics requires (`Authorization: Bearer …`). Required in production; unset elsewhere: open. */
  METRICS_TOKEN: z.string().min(24, 'must be at least 24 characters').optional(),
  SMS_BUDGET_PER_DAY: z.coerce.number().int().min(1).default(1_000),
  /** Staff sign-in (OpenID Connect): the provider's name in /api/auth/{provider}. */
  OIDC_PROVIDER: z.string().regex(/^[a-z][a-z0-9-]{0,30}$/, 'must be a lowercase name like google').default('google'),
  /** The provider's issuer. Default: Google in production, the local provider of `npm run dev` otherwise. */
  OIDC_ISSUER_URL: z.url({ protocol: /^https?$/ }).optional(),
  OIDC_CLIENT_ID: z.string().min(1).optional(),
  OIDC_CLIENT_SECRET: z.string().min(1).optional(),
  /** Where the provider sends staff back; default: {the request's origin}/api/auth/{provider}/callback. */
  OIDC_REDIRECT_URL: z.url({ protocol: /^https?$/ }).optional(),
  /** E-mail domains whose verified addresses may sign in as staff (comma-separated). */
  STAFF_EMAIL_DOMAINS: z
    .string()
    .transform((v) => commaList(v).map((d) => d.toLowerCase()))
    .pipe(z.array(z.string().regex(/^[a-z0-9-]+(\.[a-z0-9-]+)+$/, 'each entry must be a domain like example.com')).min(1))
    .optional(),
  /**
   * Staff with the admin role (comma-separated e-mails): they alone see job data and act in the
   * queue dashboard, revoke sessions and disable staff. Read on every request. Outside
   * production: the staff member `npm run dev` signs in as.
   */
  STAFF_ADMIN_EMAILS: z
    .string()
    .transform((v) => commaList(v).map((e) => e.toLowerCase()))
    .pipe(z.array(z.email('each entry must be an e-mail address')))
    .optional(),
  /**
   * Also require the ID token's hosted-domain claim (`hd`) to be an allowed domain. Google sets
   * it only for Workspace accounts, so a private Google account registered under a company
   * address cannot get in. Turn off for providers that have no such claim.
   */
  STAFF_REQUIRE_HOSTED_DOMAIN: z.enum(['true', 'false']).default('true').transform((v) => v === 'true'),
  /**
   * The URL set as the Twilio number's "A message comes in" webhook, exactly (signatures are
   * computed over it). Default: PUBLIC_URL + /api/twilio/inbound in production, this api's own
   * address elsewhere.
   */
  TWILIO_INBOUND_URL: z.url({ protocol: /^https?$/ }).optional(),
  /**
   * The e-mail provider's webhook signing key (Mailgun: "HTTP webhook signing key"): bounces,
   * complaints and deliveries posted to /api/email/events are checked against it
   * (docs/email.md#bounces-and-complaints). Required in production; outside it, the mail emulator's.
   */
  EMAIL_WEBHOOK_SIGNING_KEY: z.string().min(16, 'must be at least 16 characters (the provider\'s signing key)').optional(),
})
  .superRefine((env, ctx) => {
    if (env.NODE_ENV !== 'production') return;
    for (const key of REQUIRED_IN_PRODUCTION) {
      if (!env[key]) ctx.addIssue({ code: 'custom', path: [key], message: 'is required in production' });
    }
    checkSharedInProduction(env, ctx);
    if (env.PUBLIC_URL && !env.PUBLIC_URL.startsWith('https://')) ctx.addIssue({ code: 'custom', path: ['PUBLIC_URL'], message: 'must be https:// in production' });
    // The development values are public (they are in this repository): never a production secret.
    const devValues: [keyof typeof env, boolean][] = [
      ['SESSION_SECRET', (env.SESSION_SECRET ?? []).includes(DEV_SECRETS.SESSION_SECRET)],
      ['OTP_SECRET', env.OTP_SECRET === DEV_SECRETS.OTP_SECRET],
      ['HOME_SECRET_KEYS', [...(env.HOME_SECRET_KEYS?.keyring.keys.values() ?? [])].some((key) => devHomeKey.equals(key))],
      ['OIDC_CLIENT_SECRET', env.OIDC_CLIENT_SECRET === OIDC_DEV_DEFAULTS.CLIENT_SECRET],
      ['TWILIO_AUTH_TOKEN', env.TWILIO_AUTH_TOKEN === EMULATOR_DEFAULTS.TWILIO_AUTH_TOKEN],
      ['EMAIL_WEBHOOK_SIGNING_KEY', env.EMAIL_WEBHOOK_SIGNING_KEY === EMULATOR_DEFAULTS.EMAIL_WEBHOOK_SIGNING_KEY],
    ];
    for (const [key, isDev] of devValues) {
      if (isDev) ctx.addIssue({ code: 'custom', path: [key], message: 'must not be the development value in production' });
    }
    // Staff sign-in is all or nothing: half a configuration is a mistake, not a choice.
    if (STAFF_SIGN_IN_KEYS.some((key) => env[key])) {
      for (const key of STAFF_SIGN_IN_KEYS) {
        if (!env[key]) ctx.addIssue({ code: 'custom', path: [key], message: 'is required for staff sign-in in production' });
      }
    }
  })
  .transform(({ SESSION_SECRET, HOME_SECRET_KEYS, STAFF_ADMIN_EMAILS, OTP_SECRET, PUBLIC_ORIGIN, PUBLIC_URL, TWILIO_AUTH_TOKEN, TWILIO_STATUS_CALLBACK_URL, TWILIO_INBOUND_URL, TWILIO_FROM, EMAIL_WEBHOOK_SIGNING_KEY, ...env }) => {
    const production = env.NODE_ENV === 'production';
    const {
      OIDC_PROVIDER,
      OIDC_ISSUER_URL,
      OIDC_CLIENT_ID,
      OIDC_CLIENT_SECRET,
      OIDC_REDIRECT_URL,
      STAFF_EMAIL_DOMAINS,
      STAFF_REQUIRE_HOSTED_DOMAIN,
      ...rest
    } = env;
    const configured = !production || Boolean(OIDC_CLIENT_ID && OIDC_CLIENT_SECRET && STAFF_EMAIL_DOMAINS);
    return {
      ...rest,
      /** Staff sign-in settings; null in a production without them (staff sign-in refused). */
      STAFF_SIGN_IN: configured
        ? {
            provider: OIDC_PROVIDER,
            issuerUrl: OIDC_ISSUER_URL ?? (production ? GOOGLE_ISSUER_URL : OIDC_DEV_DEFAULTS.ISSUER_URL),
            clientId: OIDC_CLIENT_ID ?? OIDC_DEV_DEFAULTS.CLIENT_ID,
            clientSecret: OIDC_CLIENT_SECRET ?? OIDC_DEV_DEFAULTS.CLIENT_SECRET,
            redirectUrl: OIDC_REDIRECT_URL ?? (PUBLIC_URL ? `${PUBLIC_URL}/api/auth/${OIDC_PROVIDER}/callback` : null),
            emailDomains: STAFF_EMAIL_DOMAINS ?? [OIDC_DEV_DEFAULTS.STAFF_EMAIL_DOMAINS],
            requireHostedDomain: STAFF_REQUIRE_HOSTED_DOMAIN,
            allowInsecureHttp: !production,
          }
        : null,
      SESSION_KEYS: SESSION_SECRET ?? [DEV_SECRETS.SESSION_SECRET],
      STAFF_ADMINS: STAFF_ADMIN_EMAILS ?? (production ? [] : [DEV_ADMIN_EMAIL]),
      OTP_SECRET: OTP_SECRET ?? DEV_SECRETS.OTP_SECRET,
      /** Seals and opens entry secrets; outside production the development key when unset (production requires its own). */
      HOME_SECRET_KEYRING: HOME_SECRET_KEYS?.keyring ?? keyringOf(DEV_SECRETS.HOME_SECRET_KEYS),
      PUBLIC_ORIGINS: [...new Set([...(PUBLIC_ORIGIN ?? (production ? [] : commaList(DEV_ORIGINS))), ...(PUBLIC_URL ? [PUBLIC_URL] : [])])],
      PUBLIC_URL: PUBLIC_URL ?? null,
      /** Twilio status callbacks: the token they are signed with and the URL they are signed for (null: tracking off). */
      TWILIO_STATUS: {
        authToken: TWILIO_AUTH_TOKEN ?? EMULATOR_DEFAULTS.TWILIO_AUTH_TOKEN,
        callbackUrl: TWILIO_STATUS_CALLBACK_URL ?? (production ? null : ownUrl(env.HOST, env.PORT, TWILIO_STATUS_CALLBACK_PATH)),
      },
      /** Texts to our number: the URL to set as the number's incoming-message webhook (the site's, in production). */
      TWILIO_INBOUND: {
        authToken: TWILIO_AUTH_TOKEN ?? EMULATOR_DEFAULTS.TWILIO_AUTH_TOKEN,
        webhookUrl: TWILIO_INBOUND_URL ?? (PUBLIC_URL && production ? `${PUBLIC_URL}${TWILIO_INBOUND_PATH}` : ownUrl(env.HOST, env.PORT, TWILIO_INBOUND_PATH)),
      },
      /** The e-mail provider's webhook: the key its reports are signed with (the mail emulator's outside production). */
      EMAIL_EVENTS: { signingKey: EMAIL_WEBHOOK_SIGNING_KEY ?? EMULATOR_DEFAULTS.EMAIL_WEBHOOK_SIGNING_KEY },
      /** The number customers text START to, or null when texts go out through a messaging service. */
      SMS_REPLY_NUMBER: replyNumberOf(TWILIO_FROM ?? (production ? null : EMULATOR_DEFAULTS.TWILIO_FROM)),
      /** The session cookie is Secure everywhere but on a developer's machine and in tests. */
      COOKIE_SECURE: production,
    };
  });

/** This api's own address of a webhook path (dev and tests): a wildcard listen address is reached on loopback. */
function ownUrl(host: string, port: number, path: string): string {
  const reachable = host === '0.0.0.0' || host === '::' ? '127.0.0.1' : host.includes(':') ? `[${host}]` : host;
  return `http://${reachable}:${port}${path}`;
}

export type ApiEnv = z.output<typeof schema>;

export function loadApiEnv(source: Readonly<Record<string, string | undefined>> = process.env): ApiEnv {
  return parseEnv(schema, source);
}

/** Every variable the api reads (compose files are checked against it: a misspelt one would be ignored). */
export const API_ENV_KEYS: readonly string[] = Object.keys(schema.in.shape);
