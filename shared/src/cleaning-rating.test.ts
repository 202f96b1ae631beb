import { describe, expect, it } from 'vitest';
import {
  averageRating,
  isUnhappyRating,
  ratingApologySms,
  ratingRequestDueAt,
  ratingRequestSms,
  ratingThanksSms,
  reviewLinkOf,
  unhappyTicketReason,
  unhappyTicketSubject,
} from './cleaning-rating';
import { DEMO_COMPANY } from './company';
import { formatEastern } from './eastern-time';
import { sendableAt } from './quiet-hours';
import { countSegments, gsm7Length } from './sms-segments';

const company = 'Atlanta Home Cleaning';
const reviewLink = 'https://g.page/r/atlanta-home-cleaning/review';

describe('rating texts', () => {
  it('ask for a rating by reply, thank with the review link, apologise', () => {
    expect(ratingRequestSms(company)).toBe('Atlanta Home Cleaning: how did your cleaning go? Please reply with a rating from 1 (poor) to 5 (great). Thank you!');
    expect(ratingThanksSms(company, reviewLink)).toBe(
      "Atlanta Home Cleaning: thank you, we're glad it went well! A short review helps us a lot: https://g.page/r/atlanta-home-cleaning/review",
    );
    expect(ratingApologySms(company)).toBe(
      "Atlanta Home Cleaning: we're sorry your cleaning was not what you expected. Someone from our office will contact you soon to make it right.",
    );
  });

  it('each fit one 160-character GSM-7 segment with the demo company', () => {
    const link = reviewLinkOf(DEMO_COMPANY);
    for (const text of [ratingRequestSms(DEMO_COMPANY.name), ratingThanksSms(DEMO_COMPANY.name, link), ratingApologySms(DEMO_COMPANY.name)]) {
      expect(gsm7Length(text), text).toBeLessThanOrEqual(160);
      expect(countSegments(text), text).toBe(1);
    }
    // A long company name and review link fit too: 60 characters of name, a 35-character link.
    const long = 'A'.repeat(40);
    expect(countSegments(ratingThanksSms(long, 'https://g.page/r/abcdefghijk/review'))).toBe(1);
    expect(countSegments(ratingApologySms(long))).toBe(1);
    expect(countSegments(ratingRequestSms(long))).toBe(1);
  });

  it("links the company's reviewUrl, else where its reviews can be read", () => {
    expect(reviewLinkOf(DEMO_COMPANY)).toBe(DEMO_COMPANY.reviewUrl);
    const { reviewUrl: _omitted, ...older } = DEMO_COMPANY;
    expect(reviewLinkOf(older)).toBe(DEMO_COMPANY.reviewSource.url);
  });

  it('names the unhappy ticket after the deal, with the rating and the words', () => {
    expect(unhappyTicketSubject('Avery Brooks - Standard Cleaning')).toBe('Unhappy with a cleaning: Avery Brooks - Standard Cleaning');
    expect(unhappyTicketReason(2, ' 2 ')).toBe('Rated 2 out of 5 by text: "2"');
  });

  it('calls 1 to 3 unhappy, 4 and 5 happy; averages to one decimal', () => {
    expect([1, 2, 3, 4, 5].map(isUnhappyRating)).toEqual([true, true, true, false, false]);
    expect(averageRating(0, 0)).toBeNull();
    expect(averageRating(14, 3)).toBe(4.7);
  });
});

describe('when the rating request goes', () => {
  // Tuesday, December 8, 2026, 9 AM Eastern (EST): the cleaning.
  const scheduledAt = new Date('2026-12-08T14:00:00Z');

  it('goes at 10 AM Eastern the day after the close-out', () => {
    const closedOutAt = new Date('2026-12-08T21:30:00Z'); // 4:30 PM the same day
    expect(formatEastern(ratingRequestDueAt(closedOutAt, scheduledAt)!)).toBe(formatEastern(new Date('2026-12-09T15:00:00Z')));
    expect(ratingRequestDueAt(closedOutAt, scheduledAt)!.toISOString()).toBe('2026-12-09T15:00:00.000Z');
    // Closed out late in the evening (11:30 PM Eastern, already the 9th in UTC): still the next Eastern day.
    expect(ratingRequestDueAt(new Date('2026-12-09T04:30:00Z'), scheduledAt)!.toISOString()).toBe('2026-12-09T15:00:00.000Z');
    // In summer time 10 AM Eastern is 14:00 UTC.
    expect(ratingRequestDueAt(new Date('2026-07-01T20:00:00Z'), new Date('2026-07-01T13:00:00Z'))!.toISOString()).toBe('2026-07-02T14:00:00.000Z');
  });

  it('is never in quiet hours', () => {
    const due = ratingRequestDueAt(new Date('2026-12-08T21:30:00Z'), scheduledAt)!;
    expect(sendableAt(due)).toEqual(due);
  });

  it('goes for a close-out up to three days after the cleaning, not later', () => {
    expect(ratingRequestDueAt(new Date('2026-12-11T22:00:00Z'), scheduledAt)!.toISOString()).toBe('2026-12-12T15:00:00.000Z');
    expect(ratingRequestDueAt(new Date('2026-12-12T15:00:00Z'), scheduledAt)).toBeNull();
  });

  it('goes a set number of minutes after the close-out when a delay is configured (development, browser tests)', () => {
    const closedOutAt = new Date('2026-12-08T21:30:00Z');
    expect(ratingRequestDueAt(closedOutAt, scheduledAt, 1)!.toISOString()).toBe('2026-12-08T21:31:00.000Z');
    expect(ratingRequestDueAt(closedOutAt, scheduledAt, 0)).toEqual(closedOutAt);
    expect(ratingRequestDueAt(new Date('2026-12-12T15:00:00Z'), scheduledAt, 0)).toBeNull();
  });
});
