import { SMS_PURPOSES } from '@app/shared/conversations';
import { NOTICE_KINDS } from '@app/shared/notice-channels';
import { SMS_STATUSES } from '@app/shared/sms-delivery';
import { HUBSPOT_USES, type HubSpotDailyFigures } from '@app/runtime/hubspot-daily';
import type { MirrorFigures } from './repository';

/**
 * Prometheus text exposition (format 0.0.4) of the figures operators watch. A failed job of any
 * kind (a CRM pull or sweep included) counts in queue_jobs{state="failed"}; the queue dashboard
 * shows its reason.
 */
export interface OpsFigures {
  queues: Record<string, Record<string, number>>;
  /** Pending events, the oldest one's age, and events dispatched again since the queue store lost their job (a counter). */
  outbox: { pending: number; oldestAgeSeconds: number; redispatched: number };
  /** The worker's last HubSpot account check (null: never checked), and bookings HubSpot refused for good. */
  crm: { accountReady: boolean | null; accountProblems: number; refusedBookings: number; lastPullAgeSeconds: number | null };
  /** Text messages by purpose and delivery status. */
  sms: ReadonlyArray<{ purpose: string; status: string; count: number }>;
  /** Phones that opted out of texts, by how. */
  smsOptOuts: { keyword: number; provider: number };
  /** Phones held back from all texts but login codes, by the Twilio error that held them (30006, 30007). */
  smsHeld: ReadonlyArray<{ errorCode: number; count: number }>;
  /** Texts that ended failed or undelivered in the last hour and day, by Twilio error code (null: none given). */
  smsFailures: ReadonlyArray<{ errorCode: number | null; hour: number; day: number }>;
  /** Mirror rows hidden because HubSpot deleted their record, and deactivated owners. */
  mirror: MirrorFigures;
  /** Texts sent in the last hour and day against the budget login codes are refused beyond (SMS pumping guard). */
  smsBudget: { sent: { hour: number; day: number }; limit: { hour: number; day: number } };
  /** HubSpot requests that waited for the workers' shared budget (null: Redis did not answer). */
  hubspotBudgetWaits: number | null;
  /** Today's count against HubSpot's daily limit, as the workers keep it in Redis (null: no Redis, or it did not answer). */
  hubspotDaily: HubSpotDailyFigures | null;
  /** E-mails the provider took, that bounced for good and that were marked as spam, by notice kind (monotonic counts, @app/db/email-counters). */
  email: ReadonlyArray<{ event: 'sent' | 'bounced' | 'complained'; kind: string; count: number }>;
}

/** Every purpose and status is written, zero included (SMS_PURPOSES), so a rate of failures never has gaps (any other purpose found too). */

/**
 * The Twilio errors a US launch watches, each written (zero included) so alerts see a series:
 * 30034, 30032 and 21608 block every text until the account is registered (A2P 10DLC campaign,
 * toll-free verification, approved customer profile); 30006 and 30007 hold a phone back; 30036 is
 * a text (a login code) that outlived its ValidityPeriod in Twilio's queue, 30001 one that
 * overflowed it. Any other code counts as `other`, a failure without one as `none`.
 */
export const WATCHED_SMS_ERRORS = [30034, 30032, 21608, 30006, 30007, 30036, 30001] as const;

/** The error_code label of a failure. */
function errorLabel(code: number | null): string {
  if (code === null) return 'none';
  return (WATCHED_SMS_ERRORS as readonly number[]).includes(code) ? String(code) : 'other';
}

function smsFailureLines(failures: OpsFigures['smsFailures']): string[] {
  const labels = [...WATCHED_SMS_ERRORS.map(String), 'other', 'none'];
  return (['hour', 'day'] as const).flatMap((window) =>
    labels.map((label) => {
      const count = failures.filter((f) => errorLabel(f.errorCode) === label).reduce((sum, f) => sum + f[window], 0);
      return `sms_failed_texts{error_code="${label}",window="${window}"} ${count}`;
    }),
  );
}

export const JOB_STATES = ['waiting', 'active', 'delayed', 'prioritized', 'failed', 'completed'] as const;

export function renderMetrics(figures: OpsFigures): string {
  const lines = [
    '# HELP queue_jobs Jobs in each queue by state.',
    '# TYPE queue_jobs gauge',
    ...Object.entries(figures.queues).flatMap(([queue, counts]) =>
      JOB_STATES.map((state) => `queue_jobs{queue="${queue}",state="${state}"} ${counts[state] ?? 0}`),
    ),
    '# HELP outbox_pending_events Outbox events committed but not yet handed to the queue.',
    '# TYPE outbox_pending_events gauge',
    `outbox_pending_events ${figures.outbox.pending}`,
    '# HELP outbox_oldest_pending_age_seconds Age of the oldest undispatched outbox event (0 when none).',
    '# TYPE outbox_oldest_pending_age_seconds gauge',
    `outbox_oldest_pending_age_seconds ${figures.outbox.oldestAgeSeconds.toFixed(3)}`,
    '# HELP outbox_redispatched_events_total Outbox events dispatched again because the queue store had lost their job (the worker\'s reconciler).',
    '# TYPE outbox_redispatched_events_total counter',
    `outbox_redispatched_events_total ${figures.outbox.redispatched}`,
    '# HELP crm_account_ready 1 when the HubSpot account has every property, stage and scope the product needs (-1: not checked yet).',
    '# TYPE crm_account_ready gauge',
    `crm_account_ready ${figures.crm.accountReady === null ? -1 : Number(figures.crm.accountReady)}`,
    '# HELP crm_account_problems What the last HubSpot account check found missing or wrong (see /readyz).',
    '# TYPE crm_account_problems gauge',
    `crm_account_problems ${figures.crm.accountProblems}`,
    '# HELP crm_bookings_refused Bookings HubSpot refused for a reason retrying cannot fix (their jobs are in the failed set).',
    '# TYPE crm_bookings_refused gauge',
    `crm_bookings_refused ${figures.crm.refusedBookings}`,
    '# HELP crm_pull_last_success_age_seconds Seconds since the last HubSpot pull that ended without error (-1: none yet).',
    '# TYPE crm_pull_last_success_age_seconds gauge',
    `crm_pull_last_success_age_seconds ${figures.crm.lastPullAgeSeconds === null ? -1 : figures.crm.lastPullAgeSeconds.toFixed(0)}`,
    '# HELP sms_messages Text messages kept, by purpose and delivery status (undelivered and failed: Twilio could not deliver; canceled: never sent).',
    '# TYPE sms_messages gauge',
    ...[...new Set([...SMS_PURPOSES, ...figures.sms.map((c) => c.purpose)])].flatMap((purpose) =>
      SMS_STATUSES.map((status) => {
        const count = figures.sms.find((c) => c.purpose === purpose && c.status === status)?.count ?? 0;
        return `sms_messages{purpose="${purpose}",status="${status}"} ${count}`;
      }),
    ),
    '# HELP sms_opted_out_phones Phones that asked for no more texts: by a STOP reply (keyword) or as Twilio reported with error 21610 (provider).',
    '# TYPE sms_opted_out_phones gauge',
    `sms_opted_out_phones{source="keyword"} ${figures.smsOptOuts.keyword}`,
    `sms_opted_out_phones{source="provider"} ${figures.smsOptOuts.provider}`,
    '# HELP sms_held_phones Phones that get no texts but login codes since Twilio reported 30006 (landline or unreachable carrier) or 30007 (filtered), until a text to them is delivered or they sign in.',
    '# TYPE sms_held_phones gauge',
    ...[30006, 30007].map((code) => `sms_held_phones{error_code="${code}"} ${figures.smsHeld.find((h) => h.errorCode === code)?.count ?? 0}`),
    '# HELP sms_failed_texts Texts that ended failed or undelivered in the last hour and day, by Twilio error code (30034, 30032, 21608: the sender is not registered; other: any code not listed; none: no code).',
    '# TYPE sms_failed_texts gauge',
    ...smsFailureLines(figures.smsFailures),
    '# HELP crm_mirror_archived_records Mirror rows hidden because their HubSpot record was deleted (crm.sweep).',
    '# TYPE crm_mirror_archived_records gauge',
    `crm_mirror_archived_records{table="deal"} ${figures.mirror.archived.deal}`,
    `crm_mirror_archived_records{table="ticket"} ${figures.mirror.archived.ticket}`,
    '# HELP crm_inactive_owners HubSpot owners archived there (deactivated users): not offered for assignment.',
    '# TYPE crm_inactive_owners gauge',
    `crm_inactive_owners ${figures.mirror.inactiveOwners}`,
    '# HELP sms_budget_sent Budgeted texts (login codes, invitations, request received) of the last hour and the last day, against the budget (SMS_BUDGET_PER_HOUR, SMS_BUDGET_PER_DAY).',
    '# TYPE sms_budget_sent gauge',
    `sms_budget_sent{window="hour"} ${figures.smsBudget.sent.hour}`,
    `sms_budget_sent{window="day"} ${figures.smsBudget.sent.day}`,
    '# HELP sms_budget_limit The text budget per window; login codes are refused once it is spent.',
    '# TYPE sms_budget_limit gauge',
    `sms_budget_limit{window="hour"} ${figures.smsBudget.limit.hour}`,
    `sms_budget_limit{window="day"} ${figures.smsBudget.limit.day}`,
    '# HELP sms_budget_exhausted 1 while the window\'s text budget is spent and login codes are refused: alert on it.',
    '# TYPE sms_budget_exhausted gauge',
    `sms_budget_exhausted{window="hour"} ${figures.smsBudget.sent.hour >= figures.smsBudget.limit.hour ? 1 : 0}`,
    `sms_budget_exhausted{window="day"} ${figures.smsBudget.sent.day >= figures.smsBudget.limit.day ? 1 : 0}`,
    '# HELP hubspot_budget_waits_total HubSpot requests that had to wait for the workers\' shared budget (HubSpot\'s rate limit set the pace). Counted in Redis; 0 without it.',
    '# TYPE hubspot_budget_waits_total counter',
    `hubspot_budget_waits_total ${figures.hubspotBudgetWaits ?? 'NaN'}`,
    ...hubspotDailyLines(figures.hubspotDaily),
    ...emailLines(figures.email),
  ];
  return `${lines.join('\n')}\n`;
}

const EMAIL_SERIES = [
  { event: 'sent', name: 'email_sent_total', help: 'E-mails the provider took, by notice kind (each once, however many tries it took).' },
  { event: 'bounced', name: 'email_bounced_total', help: 'E-mails the provider reported as hard bounces, by notice kind: their address gets no more e-mail until a delivery to it or the customer asks (docs/email.md).' },
  { event: 'complained', name: 'email_complained_total', help: 'E-mails their recipient marked as spam, by notice kind: their address gets no more e-mail until the customer asks.' },
] as const;

/** The e-mail counters, every notice kind written (zero included) so a rate never has gaps (any other kind found too). */
function emailLines(counts: OpsFigures['email']): string[] {
  const kinds = [...new Set([...NOTICE_KINDS, ...counts.map((c) => c.kind)])];
  return EMAIL_SERIES.flatMap(({ event, name, help }) => [
    `# HELP ${name} ${help}`,
    `# TYPE ${name} counter`,
    ...kinds.map((kind) => `${name}{kind="${kind}"} ${counts.find((c) => c.event === event && c.kind === kind)?.count ?? 0}`),
  ]);
}

/** HubSpot's daily limit (docs/hubspot.md, "Daily request limit"); NaN where the workers' count cannot be read. */
function hubspotDailyLines(daily: HubSpotDailyFigures | null): string[] {
  const value = (n: number | null | undefined) => (n === null || n === undefined ? 'NaN' : String(n));
  return [
    "# HELP hubspot_daily_requests HubSpot requests in the account's day so far (HUBSPOT_TIME_ZONE): sent by our workers and crm:setup, and used by the whole account as far as known (HubSpot's own figure, other integrations included, plus what we sent since).",
    '# TYPE hubspot_daily_requests gauge',
    `hubspot_daily_requests{counted="sent"} ${value(daily?.sent)}`,
    `hubspot_daily_requests{counted="account"} ${value(daily?.used)}`,
    "# HELP hubspot_daily_limit The daily limit the workers keep to: HUBSPOT_DAILY_LIMIT, or HubSpot's own when lower.",
    '# TYPE hubspot_daily_limit gauge',
    `hubspot_daily_limit ${value(daily?.limit)}`,
    "# HELP hubspot_daily_refused Requests not sent today because their use's share of the day was spent (sweep from 80 %, pull from 90 %, push at 100 %): their jobs wait for the next day.",
    '# TYPE hubspot_daily_refused gauge',
    ...HUBSPOT_USES.map((use) => `hubspot_daily_refused{use="${use}"} ${value(daily?.refused[use])}`),
  ];
}
