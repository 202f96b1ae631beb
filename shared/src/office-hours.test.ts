import { describe, expect, it } from 'vitest';
import { DEMO_COMPANY } from './company';
import { afterHoursAnswer, afterHoursDedupeKey, textingHours } from './after-hours';
import { isOfficeOpen, officeClosedSince, officeReopens, reopeningText } from './office-hours';
import { countSegments } from './sms-segments';

// The demo company answers texts in its opening hours: Monday to Saturday, 8 AM to 6 PM Eastern.
const hours = textingHours(DEMO_COMPANY);
// 2026-12-09 is a Wednesday; Eastern is UTC-5 in December.
const eastern = (date: string, clock: string) => new Date(`${date}T${clock}:00-05:00`);

describe('office hours for texts', () => {
  it('are open from opening to closing on the days named, closed otherwise', () => {
    expect(isOfficeOpen(hours, eastern('2026-12-09', '08:00'))).toBe(true);
    expect(isOfficeOpen(hours, eastern('2026-12-09', '17:59'))).toBe(true);
    expect(isOfficeOpen(hours, eastern('2026-12-09', '18:00'))).toBe(false);
    expect(isOfficeOpen(hours, eastern('2026-12-09', '07:59'))).toBe(false);
    // Sunday.
    expect(isOfficeOpen(hours, eastern('2026-12-13', '12:00'))).toBe(false);
  });

  it('reopen the next opening, across a Sunday', () => {
    expect(officeReopens(hours, eastern('2026-12-09', '21:30'))).toEqual(eastern('2026-12-10', '08:00'));
    expect(officeReopens(hours, eastern('2026-12-10', '06:00'))).toEqual(eastern('2026-12-10', '08:00'));
    expect(officeReopens(hours, eastern('2026-12-12', '19:00'))).toEqual(eastern('2026-12-14', '08:00'));
  });

  it('closed at the last closing time before the moment', () => {
    expect(officeClosedSince(hours, eastern('2026-12-09', '21:30'))).toEqual(eastern('2026-12-09', '18:00'));
    expect(officeClosedSince(hours, eastern('2026-12-10', '06:00'))).toEqual(eastern('2026-12-09', '18:00'));
    expect(officeClosedSince(hours, eastern('2026-12-13', '12:00'))).toEqual(eastern('2026-12-12', '18:00'));
  });

  it('say when the office reopens as the customer reads it that moment', () => {
    const at = eastern('2026-12-09', '21:30');
    expect(reopeningText(eastern('2026-12-10', '08:00'), at)).toBe('tomorrow at 8 AM');
    expect(reopeningText(eastern('2026-12-10', '08:00'), eastern('2026-12-10', '06:00'))).toBe('today at 8 AM');
    expect(reopeningText(eastern('2026-12-14', '08:30'), eastern('2026-12-12', '19:00'))).toBe('on Monday at 8:30 AM');
  });
});

describe('the after-hours answer', () => {
  it('is due only while the office is closed, in the company\'s words, one segment', () => {
    expect(afterHoursAnswer(DEMO_COMPANY, eastern('2026-12-09', '10:00'))).toBeNull();
    const answer = afterHoursAnswer(DEMO_COMPANY, eastern('2026-12-09', '21:30'));
    expect(answer).toEqual({
      reopens: eastern('2026-12-10', '08:00'),
      closedSince: eastern('2026-12-09', '18:00'),
      words: 'Atlanta Home Cleaning: thanks for your text. Our office is closed now. We will reply tomorrow at 8 AM.',
    });
    expect(countSegments(answer!.words)).toBe(1);
    expect(afterHoursAnswer(DEMO_COMPANY, eastern('2026-12-12', '19:00'))?.words).toContain('We will reply on Monday at 8 AM.');
  });

  it('is never due for a company that sends none, and its key is one per phone and closed stretch', () => {
    expect(afterHoursAnswer({ ...DEMO_COMPANY, texting: { afterHoursReply: null } }, eastern('2026-12-09', '21:30'))).toBeNull();
    // Saturday evening and Sunday noon share Monday's opening: one answer for the weekend.
    const saturday = afterHoursAnswer(DEMO_COMPANY, eastern('2026-12-12', '19:00'))!;
    const sunday = afterHoursAnswer(DEMO_COMPANY, eastern('2026-12-13', '12:00'))!;
    expect(afterHoursDedupeKey('+14045550199', saturday.reopens)).toBe(afterHoursDedupeKey('+14045550199', sunday.reopens));
    expect(afterHoursDedupeKey('+14045550199', saturday.reopens)).not.toBe(afterHoursDedupeKey('+14045550188', saturday.reopens));
  });

  it('answers in the texting hours when the company sets its own', () => {
    const company = { ...DEMO_COMPANY, texting: { ...DEMO_COMPANY.texting, officeHours: [{ days: ['Sunday' as const], opens: '10:00', closes: '12:00' }] } };
    expect(afterHoursAnswer(company, eastern('2026-12-13', '11:00'))).toBeNull();
    expect(afterHoursAnswer(company, eastern('2026-12-09', '11:00'))?.words).toContain('We will reply on Sunday at 10 AM.');
  });
});
