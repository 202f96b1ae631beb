import { describe, expect, it } from 'vitest';
import { DEMO_COMPANY } from './company';
import { onMyWaySms } from './customer-messages';
import { STAGE } from './deal-stages';
import { arrivalWindow, ETA_DEFAULT_MINUTES, ETA_MINUTES, ETA_MINUTES_NEEDED, lateFirst, onMyWaySchema, visitState, visitStateLabel, visitView } from './cleaning-visit';
import { gsm7Length } from './sms-segments';

/** 9:00 AM in Atlanta (EST) on Thursday, December 10, 2026. */
const nine = new Date('2026-12-10T14:00:00Z');
const minutes = (m: number) => new Date(nine.getTime() + m * 60_000);
const none = { onMyWayAt: null, startedAt: null, doneAt: null };
const scheduled = STAGE.CLEANING_SCHEDULED;

describe('visitState', () => {
  it('is not started before the tap, on the way after it, in progress once started, done once done', () => {
    expect(visitState({ visit: null, scheduledAt: nine, stage: scheduled, now: minutes(-60) })).toBe('not_started');
    expect(visitState({ visit: { ...none, onMyWayAt: minutes(-20) }, scheduledAt: nine, stage: scheduled, now: minutes(-10) })).toBe('on_the_way');
    expect(visitState({ visit: { ...none, startedAt: minutes(30) }, scheduledAt: nine, stage: scheduled, now: minutes(60) })).toBe('in_progress');
    expect(visitState({ visit: { onMyWayAt: null, startedAt: minutes(0), doneAt: minutes(120) }, scheduledAt: nine, stage: scheduled, now: minutes(121) })).toBe('done');
  });

  it('is late from exactly 15 minutes after the start without a start, not a millisecond before', () => {
    expect(visitState({ visit: null, scheduledAt: nine, stage: scheduled, now: new Date(minutes(15).getTime() - 1) })).toBe('not_started');
    expect(visitState({ visit: null, scheduledAt: nine, stage: scheduled, now: minutes(15) })).toBe('late');
    expect(visitState({ visit: { ...none, startedAt: minutes(14) }, scheduledAt: nine, stage: scheduled, now: minutes(15) })).toBe('in_progress');
  });

  it('keeps late over on the way, and says so in the label', () => {
    const visit = { ...none, onMyWayAt: minutes(5) };
    expect(visitState({ visit, scheduledAt: nine, stage: scheduled, now: minutes(14) })).toBe('on_the_way');
    expect(visitState({ visit, scheduledAt: nine, stage: scheduled, now: minutes(15) })).toBe('late');
    expect(visitStateLabel('late', visit)).toBe('Late, on the way');
    expect(visitStateLabel('late', null)).toBe('Late');
    expect(visitStateLabel('on_the_way', visit)).toBe('On the way');
  });

  it('is done for a deal the office closed out, taps or not', () => {
    expect(visitState({ visit: null, scheduledAt: nine, stage: STAGE.CLEANING_DONE, now: minutes(60) })).toBe('done');
  });

  it('views a done visit without a Start tap as started with done', () => {
    const view = visitView({ onMyWayAt: null, etaMinutes: null, startedAt: minutes(90), doneAt: minutes(90) }, { scheduledAt: nine, stageId: scheduled }, minutes(91));
    expect(view).toMatchObject({ state: 'done', stateLabel: 'Done', startedWithDone: true, arrival: null, etaMinutes: null });
  });

  it('sorts late cleanings first, each part in its order', () => {
    const c = (id: string, state: 'late' | 'not_started' | 'done') => ({ id, visit: { state } });
    expect(lateFirst([c('a', 'done'), c('b', 'late'), c('c', 'not_started'), c('d', 'late')]).map((x) => x.id)).toEqual(['b', 'd', 'a', 'c']);
  });
});

describe('on my way', () => {
  it('accepts only the short list of minutes', () => {
    expect(ETA_MINUTES).toEqual([5, 10, 15, 20, 30, 45, 60]);
    for (const m of ETA_MINUTES) expect(onMyWaySchema.parse({ minutes: m })).toEqual({ minutes: m });
    for (const bad of [{ minutes: 7 }, { minutes: '15' }, { minutes: null }, { minutes: 15, extra: 1 }]) expect(onMyWaySchema.safeParse(bad).success).toBe(false);
    // One tap: without minutes, the default window.
    expect(ETA_DEFAULT_MINUTES).toBe(15);
    expect(onMyWaySchema.parse({})).toEqual({ minutes: 15 });
    expect(onMyWaySchema.safeParse({ minutes: 7 }).error?.issues[0]).toMatchObject({ path: ['minutes'], message: ETA_MINUTES_NEEDED });
    expect(ETA_MINUTES_NEEDED).toBe('Choose 5, 10, 15, 20, 30, 45 or 60 minutes.');
  });

  it('tells a window around the minutes chosen, never before the tap, on whole minutes', () => {
    expect(arrivalWindow(nine, 15)).toEqual({ from: minutes(10), to: minutes(20) });
    expect(arrivalWindow(nine, 5)).toEqual({ from: minutes(0), to: minutes(10) });
    expect(arrivalWindow(nine, 45)).toEqual({ from: minutes(35), to: minutes(55) });
    expect(arrivalWindow(new Date(nine.getTime() + 30_000), 10)).toEqual({ from: minutes(5), to: minutes(16) });
  });

  it('texts the template word for word, in one GSM-7 segment with the demo company', () => {
    const ctx = { company: DEMO_COMPANY.name };
    expect(onMyWaySms(ctx, 'Maria', nine, 15)).toBe('Atlanta Home Cleaning: Maria is on the way and should arrive between 9:10 AM and 9:20 AM.');
    // Around noon the hours roll over in 12-hour form, AM to PM; a long first name still fits.
    expect(onMyWaySms(ctx, 'Maria', new Date('2026-12-10T16:40:00Z'), 30)).toBe('Atlanta Home Cleaning: Maria is on the way and should arrive between 12:00 PM and 12:20 PM.');
    expect(onMyWaySms(ctx, null, nine, 60)).toBe('Atlanta Home Cleaning: Your cleaner is on the way and should arrive between 9:50 AM and 10:10 AM.');
    expect(onMyWaySms(ctx, 'Maria', new Date('2026-12-10T16:50:00Z'), 10)).toBe('Atlanta Home Cleaning: Maria is on the way and should arrive between 11:55 AM and 12:05 PM.');
    const longest = onMyWaySms(ctx, 'Bartholomew-Alexander', new Date('2026-12-10T15:55:00Z'), 60);
    expect(gsm7Length(longest)).not.toBeNull();
    expect(gsm7Length(longest)!).toBeLessThanOrEqual(160);
  });
});
