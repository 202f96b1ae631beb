import { AsyncLocalStorage } from 'node:async_hooks';
import type { HubSpotUse } from '@app/runtime/hubspot-daily';
import type { JobName } from '../queue/job-routing';

/**
 * HubSpot's daily limit: per account, shared with every other integration of the account, reset
 * at midnight in the account's time zone (docs/hubspot.md, "Daily request limit"). Every request
 * our processes send is counted against it (request-budget.ts does the counting, together with
 * the 10-second slot), and as the day runs low the optional work stops first:
 *
 * - `sweep` (crm.sweep, optional: it re-checks what the pull cannot see) stops at
 *   100 % − 2 × reserve of the day, or at its own daily cap (CRM_SWEEP_DAILY_REQUESTS);
 * - `pull` (crm.pull, the account check, anything not listed) stops at 100 % − reserve;
 * - `push` (customers' and staff's requests going to HubSpot) may use the whole day.
 *
 * A request that may not be sent is not sent: its job waits for the next day (or, started by a
 * schedule, ends and the next run tries again). Nothing fails and nothing is lost.
 */
export interface DailyLimits {
  /** HUBSPOT_DAILY_LIMIT: the account's limit by tier, or the share of it the company gives us. */
  limit: number;
  /** HUBSPOT_TIME_ZONE: the time zone set in the HubSpot account (its day ends at midnight there). */
  timeZone: string;
  /** HUBSPOT_DAILY_RESERVE_PERCENT: the last part of the day kept for pushes (twice that stops the sweep). */
  reservePercent: number;
  /** CRM_SWEEP_DAILY_REQUESTS: the most the sweep may send in a day (0: no cap of its own). */
  sweepPerDay: number;
}

export const DEFAULT_DAILY_LIMITS: DailyLimits = { limit: 250_000, timeZone: 'America/New_York', reservePercent: 10, sweepPerDay: 2_500 };

/** How much of the day (per mille of the limit) a use may fill, and its own cap (0: none). */
export function dailyGate(use: HubSpotUse, limits: DailyLimits): { perMille: number; cap: number } {
  const reserve = Math.round(limits.reservePercent * 10);
  if (use === 'push') return { perMille: 1_000, cap: 0 };
  if (use === 'pull') return { perMille: 1_000 - reserve, cap: 0 };
  return { perMille: Math.max(0, 1_000 - 2 * reserve), cap: limits.sweepPerDay };
}

/** What each job's HubSpot requests are for; jobs not listed count as `pull`. */
export const HUBSPOT_USE_OF_JOB: Partial<Record<JobName, HubSpotUse>> = {
  'crm.push-booking': 'push',
  'crm.push-change-request': 'push',
  'crm.push-support-ticket': 'push',
  'crm.record-signup': 'push',
  'crm.assign-owner': 'push',
  'crm.note-portal-confirmed': 'push',
  // The record of a conversation can wait for the next day: it stops with the pull, before the
  // reserve kept for customers' and staff's requests.
  'crm.log-text-received': 'pull',
  'crm.log-text-sent': 'pull',
  'crm.log-email': 'pull',
  // A cleaner's photos can wait the same way: they are kept until HubSpot has them.
  'crm.attach-photo': 'pull',
  // A customer's photos of a claim too: the claim's ticket itself is a push.
  'crm.attach-claim-photo': 'pull',
  'crm.pull': 'pull',
  'crm.sweep': 'sweep',
};

const currentUse = new AsyncLocalStorage<HubSpotUse>();

/**
 * Runs `work` with its HubSpot requests counted as `use`. The dispatcher wraps each job in it,
 * so every request a job sends (through the SDK or plain HTTP, by whatever helper) carries the
 * job's use without passing it down every call.
 */
export function withHubSpotUse<T>(use: HubSpotUse, work: () => T): T {
  return currentUse.run(use, work);
}

export function hubspotUseNow(): HubSpotUse {
  return currentUse.getStore() ?? 'pull';
}

export function hubspotUseOfJob(name: string): HubSpotUse {
  return HUBSPOT_USE_OF_JOB[name as JobName] ?? 'pull';
}

const formats = new Map<string, Intl.DateTimeFormat>();
function format(timeZone: string): Intl.DateTimeFormat {
  let f = formats.get(timeZone);
  if (!f) {
    f = new Intl.DateTimeFormat('en-US', { timeZone, year: 'numeric', month: 'numeric', day: 'numeric', hour: 'numeric', minute: 'numeric', second: 'numeric', hourCycle: 'h23' });
    formats.set(timeZone, f);
  }
  return f;
}

/** Wall-clock fields of an instant in a time zone, as if they were UTC (the offset is the difference). */
function wallAsUtc(ms: number, timeZone: string): number {
  const parts = format(timeZone).formatToParts(ms);
  const get = (type: Intl.DateTimeFormatPartTypes) => Number(parts.find((p) => p.type === type)?.value);
  return Date.UTC(get('year'), get('month') - 1, get('day'), get('hour'), get('minute'), get('second'));
}

/** Whether a name is a time zone Intl knows (env validation). */
export function isTimeZone(name: string): boolean {
  try {
    format(name);
    return true;
  } catch {
    return false;
  }
}

/** The account's day at an instant: its date (YYYY-MM-DD) and when it ends (the next midnight there, epoch ms). */
export function accountDay(nowMs: number, timeZone: string): { day: string; resetsAt: number } {
  const wall = new Date(wallAsUtc(nowMs, timeZone));
  const day = wall.toISOString().slice(0, 10);
  const nextMidnightWall = Date.UTC(wall.getUTCFullYear(), wall.getUTCMonth(), wall.getUTCDate() + 1);
  // The instant whose wall clock reads that midnight: start from the current offset, then correct
  // once for a DST change in between (a day of 23 or 25 hours).
  let guess = nextMidnightWall - (wallAsUtc(nowMs, timeZone) - Math.floor(nowMs / 1000) * 1000);
  guess = nextMidnightWall - (wallAsUtc(guess, timeZone) - guess);
  return { day, resetsAt: Math.max(guess, nowMs + 1) };
}

/** HubSpot's own daily figures from an answer's headers, when it sends them (legacy private apps do; OAuth answers do not). */
export function dailyFiguresFromHeaders(headers: Readonly<Record<string, string | undefined>>): { limit: number; remaining: number } | undefined {
  let limit: number | undefined;
  let remaining: number | undefined;
  for (const [name, value] of Object.entries(headers)) {
    const key = name.toLowerCase();
    if (key === 'x-hubspot-ratelimit-daily') limit = Number(value);
    else if (key === 'x-hubspot-ratelimit-daily-remaining') remaining = Number(value);
  }
  if (limit === undefined || remaining === undefined || !Number.isFinite(limit) || !Number.isFinite(remaining) || limit <= 0 || remaining < 0) return undefined;
  return { limit, remaining: Math.min(remaining, limit) };
}
