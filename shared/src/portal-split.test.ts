import { describe, expect, it } from 'vitest';
import { STAGE } from './deal-stages';
import { dealScheduledAt, dealStatus, splitDeals } from './portal-split';

const deal = (id: string, dealstage: string, raw: string | null, display: string | null = null) => ({
  id,
  dealstage,
  scheduled_date_raw: raw,
  scheduled_date_display: display,
});

describe('dealScheduledAt', () => {
  it('reads ISO, epoch milliseconds, then the Eastern display text', () => {
    expect(dealScheduledAt(deal('a', STAGE.CLEANING_DONE, '2026-03-05T14:05:00Z'))?.toISOString()).toBe('2026-03-05T14:05:00.000Z');
    expect(dealScheduledAt(deal('a', STAGE.CLEANING_DONE, '1772719500000'))?.toISOString()).toBe('2026-03-05T14:05:00.000Z');
    expect(dealScheduledAt(deal('a', STAGE.CLEANING_DONE, 'junk', 'March 5, 2026 at 9:05 AM'))?.toISOString()).toBe(
      '2026-03-05T14:05:00.000Z',
    );
    expect(dealScheduledAt(deal('a', STAGE.CLEANING_DONE, null, null))).toBeNull();
  });
});

describe('portal split', () => {
  it('puts Cleaning Done, Canceled and Quote Canceled in history, everything else upcoming', () => {
    const deals = [
      deal('done', STAGE.CLEANING_DONE, '2026-01-01T15:00:00Z'),
      deal('canceled', STAGE.CANCELED, '2026-01-02T15:00:00Z'),
      deal('quote-canceled', STAGE.QUOTE_CANCELED, '2026-01-03T15:00:00Z'),
      deal('requested', STAGE.CLEAN_REQUESTED, '2026-02-01T15:00:00Z'),
      deal('scheduled', STAGE.CLEANING_SCHEDULED, '2026-02-02T15:00:00Z'),
      deal('unknown', '999', '2026-02-03T15:00:00Z'),
    ];
    const { upcoming, history } = splitDeals(deals);
    expect(history.map((d) => d.id).sort()).toEqual(['canceled', 'done', 'quote-canceled']);
    expect(upcoming.map((d) => d.id)).toEqual(['requested', 'scheduled', 'unknown']);
  });

  it('keeps the 6 most recent history entries, newest first, undated last', () => {
    const past = Array.from({ length: 9 }, (_, i) => deal(`d${i}`, STAGE.CLEANING_DONE, `2026-01-0${i + 1}T15:00:00Z`));
    const undated = deal('undated', STAGE.CANCELED, null);
    const { history } = splitDeals([undated, ...past.slice().reverse().slice(3), ...past.slice(6)]);
    expect(history.map((d) => d.id)).toEqual(['d8', 'd7', 'd6', 'd5', 'd4', 'd3']);
    const few = splitDeals([undated, past[0]!, past[1]!]).history;
    expect(few.map((d) => d.id)).toEqual(['d1', 'd0', 'undated']);
  });

  it('orders upcoming soonest first, display dates included, undated last', () => {
    const { upcoming } = splitDeals([
      deal('later', STAGE.CLEANING_SCHEDULED, null, 'July 4, 2026 at 9:00 AM'),
      deal('undated', STAGE.CLEAN_REQUESTED, null),
      deal('sooner', STAGE.CLEANING_SCHEDULED, '2026-07-01T13:00:00Z'),
    ]);
    expect(upcoming.map((d) => d.id)).toEqual(['sooner', 'later', 'undated']);
  });

  it('does not reorder the input array', () => {
    const deals = [deal('b', STAGE.CLEANING_DONE, '2026-01-01T00:00:00Z'), deal('a', STAGE.CLEANING_DONE, '2026-02-01T00:00:00Z')];
    splitDeals(deals);
    expect(deals.map((d) => d.id)).toEqual(['b', 'a']);
  });
});

describe('deal status', () => {
  it("marks upcoming deals not in Cleaning Scheduled as 'Not confirmed'", () => {
    expect(dealStatus(deal('a', STAGE.CLEAN_REQUESTED, null), 'upcoming')).toEqual({ label: 'Clean Requested', notConfirmed: true });
    expect(dealStatus(deal('a', STAGE.CLEANING_SCHEDULED, null), 'upcoming')).toEqual({ label: 'Cleaning Scheduled', notConfirmed: false });
  });

  it("shows 'Unknown Stage' in upcoming and 'Completed' in history for an unknown stage", () => {
    expect(dealStatus(deal('a', '123', null), 'upcoming')).toEqual({ label: 'Unknown Stage', notConfirmed: true });
    expect(dealStatus(deal('a', '123', null), 'history')).toEqual({ label: 'Completed', notConfirmed: false });
  });

  it('history deals show their own label and no marker', () => {
    expect(dealStatus(deal('a', STAGE.CANCELED, null), 'history')).toEqual({ label: 'Canceled', notConfirmed: false });
  });
});
