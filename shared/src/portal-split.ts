import { PORTAL_HISTORY_LIMIT } from './constants';
import { HISTORY_STAGES, STAGE, dealStageLabel } from './deal-stages';
import { parseEastern } from './eastern-time';
import { COMPLETED, UNKNOWN_STAGE } from './texts';

/** The deal fields the split reads (entities.ts Deal satisfies it). */
export interface SplittableDeal {
  dealstage: string;
  scheduled_date_display?: string | null;
  scheduled_date_raw?: string | null;
}

/**
 * The appointment instant of a deal: the raw value (ISO 8601 or epoch milliseconds, as
 * HubSpot stores dates) when it parses, else the Eastern display text; null when neither does.
 */
export function dealScheduledAt(deal: SplittableDeal): Date | null {
  const raw = deal.scheduled_date_raw?.trim();
  if (raw) {
    const fromRaw = /^-?\d+$/.test(raw) ? new Date(Number(raw)) : new Date(raw);
    if (!Number.isNaN(fromRaw.getTime())) return fromRaw;
  }
  return deal.scheduled_date_display ? parseEastern(deal.scheduled_date_display) : null;
}

export function isHistoryDeal(deal: SplittableDeal): boolean {
  return HISTORY_STAGES.has(deal.dealstage);
}

/** Sort key: deals without a date sort after every dated one in both directions. */
function timeOf(deal: SplittableDeal): number | null {
  return dealScheduledAt(deal)?.getTime() ?? null;
}

function byDate(direction: 1 | -1) {
  return (a: SplittableDeal, b: SplittableDeal): number => {
    const [ta, tb] = [timeOf(a), timeOf(b)];
    if (ta === null || tb === null) return ta === tb ? 0 : ta === null ? 1 : -1;
    return (ta - tb) * direction;
  };
}

/**
 * Portal split of §4: Cleaning Done, Canceled and Quote Canceled go to history, the
 * 6 most recent by scheduled date, newest first. Everything else is upcoming; docs/product.md
 * gives no order for it, we show the soonest first (our choice).
 */
export function splitDeals<T extends SplittableDeal>(deals: readonly T[]): { upcoming: T[]; history: T[] } {
  const upcoming = deals.filter((d) => !isHistoryDeal(d)).sort(byDate(1));
  const history = deals.filter(isHistoryDeal).sort(byDate(-1)).slice(0, PORTAL_HISTORY_LIMIT);
  return { upcoming, history };
}

export interface DealStatus {
  label: string;
  /** The 'Not confirmed' marker: upcoming and not yet in Cleaning Scheduled. */
  notConfirmed: boolean;
}

/** Status of a deal in its portal section; an unknown stage reads 'Unknown Stage' / 'Completed'. */
export function dealStatus(deal: SplittableDeal, section: 'upcoming' | 'history'): DealStatus {
  const label = dealStageLabel(deal.dealstage) ?? (section === 'upcoming' ? UNKNOWN_STAGE : COMPLETED);
  return { label, notConfirmed: section === 'upcoming' && deal.dealstage !== STAGE.CLEANING_SCHEDULED };
}
