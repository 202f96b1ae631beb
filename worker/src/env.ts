import { z } from 'zod';
import { envFields, parseEnv } from '@app/shared/parse-env';
import { SHARED_ENV, checkSharedInProduction } from '@app/shared/shared-env';
import { EMULATOR_DEFAULTS } from '@app/runtime/emulator-defaults';
import { DEV_OTP_SECRET } from '@app/runtime/sms/login-code';
import { hubspotDailyEnv } from './crm/daily-env';
import { DEFAULT_BACKOFF } from './queue/job-options';
import { OUTAGE_PAUSE_MS } from './jobs/dispatch';
import { OUTAGE_HOLD_MS } from './queue/provider-outages';
import { SAFETY_MARGIN_MS } from './crm/request-budget';
import { emailEnv } from './email/email-env';

const REQUIRED_IN_PRODUCTION = ['HUBSPOT_ACCESS_TOKEN', 'TWILIO_ACCOUNT_SID', 'TWILIO_AUTH_TOKEN', 'TWILIO_FROM', 'EMAIL_SMTP_URL', 'OTP_SECRET', 'PUBLIC_URL'] as const;

/** Outside production, customers' texts link to the development site (npm run dev). */
const DEV_PUBLIC_URL = 'http://127.0.0.1:5173';

const schema = z
  .object({
    NODE_ENV: envFields.nodeEnv,
    /** Read by the api and the worker alike, with the same value (shared/src/shared-env.ts). */
    ...SHARED_ENV,
    LOG_LEVEL: envFields.logLevel,
    LOG_FORMAT: envFields.logFormat,
    /** Jobs run at once per queue in this process. */
    WORKER_CONCURRENCY: z.coerce.number().int().min(1).max(100).default(5),
    /** How long a graceful shutdown may wait for running jobs before the process gives up. */
    SHUTDOWN_TIMEOUT_MS: z.coerce.number().int().min(1_000).default(30_000),
    /** Stall detection: a job whose worker died runs again after about this long. */
    WORKER_STALLED_INTERVAL_MS: z.coerce.number().int().min(1_000).default(30_000),
    /**
     * A failed job's first retry comes after about this long, doubling with each attempt up to
     * 20 minutes (queue/job-options.ts). Tests shorten it so an outage they cause heals quickly.
     */
    JOB_RETRY_BASE_MS: z.coerce.number().int().min(100).max(60_000).default(DEFAULT_BACKOFF.baseMs),
    /**
     * How long a booking's HubSpot push waits after the booking was made, so that bookings
     * arriving meanwhile go in the same batch (three requests for the lot); 0 pushes at once.
     * The default comes from npm run bench:sync (docs/benchmarks.md).
     */
    /**
     * How long this process holds a queue's new events in the outbox after its last outage
     * report (queue/provider-outages.ts). Longer than the pause between outage probes; tests
     * shorten it, as a held queue in another process is released only when this lapses.
     */
    PROVIDER_OUTAGE_HOLD_MS: z.coerce.number().int().min(OUTAGE_PAUSE_MS).max(600_000).default(OUTAGE_HOLD_MS),
    CRM_PUSH_LINGER_MS: z.coerce.number().int().min(0).max(60_000).default(1_000),
    /**
     * How often the worker looks for outbox events whose job the queue store lost, and for
     * missing job schedules (outbox/reconciler.ts, queue/schedules.ts): a lost queue heals
     * within about this long.
     */
    OUTBOX_RECONCILE_INTERVAL_MS: z.coerce.number().int().min(1_000).max(300_000).default(30_000),
    HUBSPOT_ACCESS_TOKEN: z.string().min(1).optional(),
    /** Unset in production: the real HubSpot API. */
    HUBSPOT_BASE_URL: z.url().optional(),
    /** The account's request budget (HubSpot's lowest plan: 100 per 10 s). */
    HUBSPOT_BUDGET_MAX: z.coerce.number().int().min(1).default(100),
    HUBSPOT_BUDGET_WINDOW_MS: z.coerce.number().int().min(100).default(10_000),
    /** HubSpot's separate limit on search requests (4 per second per token); a search also takes a slot of the budget above. */
    HUBSPOT_SEARCH_BUDGET_MAX: z.coerce.number().int().min(1).default(4),
    HUBSPOT_SEARCH_BUDGET_WINDOW_MS: z.coerce.number().int().min(100).default(1_000),
    /**
     * Added to each budget window: a slot is taken a moment before HubSpot receives the request,
     * and on a busy host that moment grows. Tests with several workers on one machine raise it.
     */
    HUBSPOT_BUDGET_MARGIN_MS: z.coerce.number().int().min(0).max(5_000).default(SAFETY_MARGIN_MS),
    HUBSPOT_TIMEOUT_MS: z.coerce.number().int().min(100).default(15_000),
    ...hubspotDailyEnv,
    /** The sweep checks the whole mirror once in this many hours, a slice per run (see crm-sweep.ts). */
    CRM_SWEEP_PASS_HOURS: z.coerce.number().int().min(1).max(168).default(24),
    /** The most HubSpot requests the sweep may send in the account's day; 0: no cap of its own (the daily budget's share still applies). */
    CRM_SWEEP_DAILY_REQUESTS: z.coerce.number().int().min(0).default(2_500),
    /** The deal pipeline bookings go to, and the ticket pipeline change requests go to (ids as HubSpot shows them). */
    HUBSPOT_DEAL_PIPELINE: z.string().min(1).default('default'),
    HUBSPOT_TICKET_PIPELINE: z.string().min(1).default('0'),
    /** While the account lacks something the product needs, how often the worker checks it again. */
    CRM_ACCOUNT_RECHECK_MS: z.coerce.number().int().min(1_000).default(60_000),
    /** How often HubSpot changes are pulled into the mirror; 0 turns the schedule off (tests). */
    CRM_PULL_INTERVAL_MS: z.coerce.number().int().refine((v) => v === 0 || v >= 1_000, 'must be 0 (off) or at least 1000').default(60_000),
    /**
     * How far before its cursor each pull searches again. HubSpot's search index lags its writes
     * (usually seconds, longer under load), so a change can become searchable after a newer one
     * the cursor has already passed; re-reading a few minutes catches it, and the mirror skips
     * what it already holds.
     */
    CRM_PULL_REREAD_MS: z.coerce.number().int().min(0).default(300_000),
    /** How often the mirror's HubSpot ids are checked for records deleted or merged in HubSpot; 0 turns it off. */
    CRM_SWEEP_INTERVAL_MS: z.coerce.number().int().refine((v) => v === 0 || v >= 1_000, 'must be 0 (off) or at least 1000').default(3_600_000),
    /** How often expired sessions, sign-in attempts, idempotency keys and login codes are deleted; 0 turns it off. */
    HOUSEKEEPING_INTERVAL_MS: z.coerce.number().int().refine((v) => v === 0 || v >= 1_000, 'must be 0 (off) or at least 1000').default(3_600_000),
    /** How often the plans' visits are made ahead; 0 turns it off. */
    PLAN_VISITS_INTERVAL_MS: z.coerce.number().int().refine((v) => v === 0 || v >= 1_000, 'must be 0 (off) or at least 1000').default(3_600_000),
    TWILIO_ACCOUNT_SID: z.string().regex(/^AC[0-9a-f]{32}$/, 'must be AC followed by 32 hex digits').optional(),
    /** Unset in production: the real Twilio API. */
    TWILIO_BASE_URL: z.url().optional(),
    /** How many hours before a cleaning its reminder goes out. */
    REMINDER_LEAD_HOURS: z.coerce.number().int().min(1).max(168).default(24),
    /**
     * Days past its due date an unpaid invoice is reminded (docs/payments.md): at most two,
     * comma-separated and rising ('3,7'); 'off' sends none.
     */
    INVOICE_REMINDER_DAYS: z
      .string()
      .default('3,7')
      .transform((value, ctx) => {
        if (value.trim() === 'off') return [];
        const days = value.split(',').map((d) => Number(d.trim()));
        const valid = days.length <= 2 && days.every((d, i) => Number.isInteger(d) && d >= 0 && d <= 60 && (i === 0 || d > days[i - 1]!));
        if (!valid) ctx.addIssue({ code: 'custom', message: "must be 'off' or at most two rising whole days from 0 to 60, like 3,7" });
        return days;
      }),
    /**
     * Minutes after a close-out that its rating request goes, instead of 10 AM Eastern the next day
     * (docs/conversations.md#ratings): `npm run dev` sets 1, the browser tests 0. Not in production.
     */
    RATING_REQUEST_DELAY_MINUTES: z.coerce.number().int().min(0).max(1_440).optional(),
    /**
     * Seconds after an invoice opens that its reminders come, one such wait apart, instead of days
     * past its due date (docs/payments.md): `npm run dev` sets 120, the browser tests 10. Not in production.
     */
    INVOICE_REMINDER_DELAY_SECONDS: z.coerce.number().int().min(1).max(86_400).optional(),
    ...emailEnv,
  })
  .superRefine((env, ctx) => {
    if (env.NODE_ENV === 'production') {
      for (const key of REQUIRED_IN_PRODUCTION) {
        if (!env[key]) ctx.addIssue({ code: 'custom', path: [key], message: 'is required in production' });
      }
      checkSharedInProduction(env, ctx);
      if (env.OTP_SECRET === DEV_OTP_SECRET) ctx.addIssue({ code: 'custom', path: ['OTP_SECRET'], message: 'must not be the development value in production' });
      if (env.EMAIL_SMTP_TLS_VERIFY === 'off') ctx.addIssue({ code: 'custom', path: ['EMAIL_SMTP_TLS_VERIFY'], message: 'must not be off in production (customers\' addresses and the SMTP login would cross unchecked)' });
      if (env.RATING_REQUEST_DELAY_MINUTES !== undefined) ctx.addIssue({ code: 'custom', path: ['RATING_REQUEST_DELAY_MINUTES'], message: 'must not be set in production (rating requests go at 10 AM the next day)' });
      if (env.INVOICE_REMINDER_DELAY_SECONDS !== undefined) ctx.addIssue({ code: 'custom', path: ['INVOICE_REMINDER_DELAY_SECONDS'], message: 'must not be set in production (invoice reminders come days past the due date)' });
      return;
    }
    // Real Twilio credentials come as a set: the emulator's token or sender would not fit them.
    if (env.TWILIO_ACCOUNT_SID) {
      for (const key of ['TWILIO_AUTH_TOKEN', 'TWILIO_FROM'] as const) {
        if (!env[key]) ctx.addIssue({ code: 'custom', path: [key], message: 'is required with TWILIO_ACCOUNT_SID' });
      }
    }
  })
  .transform((env) => {
    if (env.NODE_ENV === 'production') return env;
    // A real credential takes its service off the emulator, base URL included (as `npm run dev` and
    // crm:setup read it): a real token sent to the emulator's address would only fail to connect.
    const hubspot = env.HUBSPOT_ACCESS_TOKEN
      ? {}
      : { HUBSPOT_ACCESS_TOKEN: EMULATOR_DEFAULTS.HUBSPOT_ACCESS_TOKEN, HUBSPOT_BASE_URL: EMULATOR_DEFAULTS.HUBSPOT_BASE_URL };
    const twilio = env.TWILIO_ACCOUNT_SID
      ? {}
      : {
          TWILIO_ACCOUNT_SID: EMULATOR_DEFAULTS.TWILIO_ACCOUNT_SID,
          TWILIO_AUTH_TOKEN: EMULATOR_DEFAULTS.TWILIO_AUTH_TOKEN,
          TWILIO_FROM: EMULATOR_DEFAULTS.TWILIO_FROM,
          TWILIO_BASE_URL: EMULATOR_DEFAULTS.TWILIO_BASE_URL,
        };
    // Outside production Twilio reports delivery to the local api unless told otherwise (real Twilio
    // needs a public URL: set TWILIO_STATUS_CALLBACK_URL).
    const callback = { TWILIO_STATUS_CALLBACK_URL: EMULATOR_DEFAULTS.TWILIO_STATUS_CALLBACK_URL };
    // The local mail emulator, whose certificate is its package's own localhost one.
    const email = env.EMAIL_SMTP_URL ? {} : { EMAIL_SMTP_URL: EMULATOR_DEFAULTS.EMAIL_SMTP_URL, EMAIL_SMTP_TLS_VERIFY: 'off' as const };
    return { ...callback, ...hubspot, ...twilio, ...email, ...env, OTP_SECRET: env.OTP_SECRET ?? DEV_OTP_SECRET, PUBLIC_URL: env.PUBLIC_URL ?? DEV_PUBLIC_URL };
  });

export type WorkerEnv = z.output<typeof schema>;

export function loadWorkerEnv(source: Readonly<Record<string, string | undefined>> = process.env): WorkerEnv {
  return parseEnv(schema, source);
}

/** Every variable the worker reads (compose files are checked against it: a misspelt one would be ignored). */
export const WORKER_ENV_KEYS: readonly string[] = Object.keys(schema.in.shape);
