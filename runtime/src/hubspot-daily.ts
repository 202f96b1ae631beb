/**
 * HubSpot's daily request limit as the workers count it (worker/src/crm/daily-budget.ts), kept
 * in one Redis hash under the queue prefix (`hubspotBudgetKeys(prefix).daily`), and read by the
 * api for /metrics. The day is the account's: HubSpot resets the limit at midnight in the time
 * zone set in the account (HUBSPOT_TIME_ZONE).
 */

/** What a HubSpot request is for, which decides how much of the day it may use (see daily-budget.ts). */
export const HUBSPOT_USES = ['push', 'pull', 'sweep'] as const;
export type HubSpotUse = (typeof HUBSPOT_USES)[number];

/** The hash's fields. `sent:<use>` and `refused:<use>` per use. */
export const DAILY_FIELDS = {
  /** The account's calendar date, YYYY-MM-DD. */
  day: 'day',
  /** When that day ends (epoch ms). */
  resetsAt: 'resetsAt',
  /** Requests our processes sent today. */
  sent: 'sent',
  /** The account's use today as HubSpot last reported it (its daily limit minus the remaining figure of its headers). */
  reported: 'reported',
  /** Our `sent` when HubSpot last reported: what we sent since then adds to its figure. */
  reportedAtSent: 'reportedAtSent',
  /** The daily limit HubSpot's headers state. */
  reportedLimit: 'reportedLimit',
  /** HUBSPOT_DAILY_LIMIT, as the workers were configured. */
  limit: 'limit',
} as const;

export interface HubSpotDailyFigures {
  day: string | null;
  /** Requests our processes sent today. */
  sent: number;
  /** The account's use today as far as we know: HubSpot's last figure plus what we sent since, or ours when larger. */
  used: number;
  /** The limit the workers keep to: HUBSPOT_DAILY_LIMIT, or HubSpot's own figure when lower; null before any worker wrote it. */
  limit: number | null;
  /** Requests not sent today because their use's share of the day was spent. */
  refused: Record<HubSpotUse, number>;
  sentBy: Record<HubSpotUse, number>;
}

const num = (value: string | undefined) => {
  const n = Number(value);
  return Number.isFinite(n) ? n : 0;
};

/** The figures of a hash as HGETALL returns it; a day that has ended counts as a new one, nothing used yet. */
export function dailyFiguresOf(hash: Readonly<Record<string, string>>, nowMs: number): HubSpotDailyFigures {
  const configured = num(hash[DAILY_FIELDS.limit]);
  const stated = num(hash[DAILY_FIELDS.reportedLimit]);
  const limit = configured > 0 ? (stated > 0 ? Math.min(configured, stated) : configured) : null;
  const ended = num(hash[DAILY_FIELDS.resetsAt]) <= nowMs;
  const per = (prefix: string) => Object.fromEntries(HUBSPOT_USES.map((use) => [use, ended ? 0 : num(hash[`${prefix}:${use}`])])) as Record<HubSpotUse, number>;
  if (ended || !hash[DAILY_FIELDS.day]) return { day: null, sent: 0, used: 0, limit, refused: per('refused'), sentBy: per('sent') };
  const sent = num(hash[DAILY_FIELDS.sent]);
  const used = dailyUse(sent, num(hash[DAILY_FIELDS.reported]), num(hash[DAILY_FIELDS.reportedAtSent]));
  return { day: hash[DAILY_FIELDS.day] ?? null, sent, used, limit, refused: per('refused'), sentBy: per('sent') };
}

/**
 * The account's use: HubSpot's last reported figure (every integration of the account) plus what
 * we sent since it, or our own count when that is larger (HubSpot sends no figure, or a stale one).
 * The worker's Lua script computes the same.
 */
export function dailyUse(sent: number, reported: number, reportedAtSent: number): number {
  return Math.max(sent, reported + Math.max(0, sent - reportedAtSent));
}
