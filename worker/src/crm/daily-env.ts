import { z } from 'zod';
import { DEFAULT_DAILY_LIMITS, isTimeZone } from './daily-budget';

/**
 * The settings of HubSpot's daily limit (docs/hubspot.md, "Daily request limit"), read by the
 * worker and by crm:setup, which count against the same day.
 */
export const hubspotDailyEnv = {
  /**
   * The account's daily limit by tier: 250,000 Free and Starter, 625,000 Professional, 1,000,000
   * Enterprise, plus 1,000,000 per API limit increase; less when other integrations need their share.
   */
  HUBSPOT_DAILY_LIMIT: z.coerce.number().int().min(1_000, 'must be at least 1000 (HubSpot allows 250000 a day on its lowest tiers)').default(DEFAULT_DAILY_LIMITS.limit),
  /** The time zone set in the HubSpot account: its daily limit resets at midnight there. */
  HUBSPOT_TIME_ZONE: z
    .string()
    .refine(isTimeZone, 'must be an IANA time zone such as America/New_York (the one set in the HubSpot account)')
    .default(DEFAULT_DAILY_LIMITS.timeZone),
  /** Percent of the day kept for pushes of customers' requests (the pull stops there, the sweep at twice that). */
  HUBSPOT_DAILY_RESERVE_PERCENT: z.coerce.number().int().min(1).max(40).default(DEFAULT_DAILY_LIMITS.reservePercent),
};
