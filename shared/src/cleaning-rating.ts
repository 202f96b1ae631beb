import { addDays, easternToday, easternWallTimeToInstant } from './eastern-time';

/**
 * "How did it go?" (docs/conversations.md#ratings): the day after a staff close-out marks a
 * cleaning done, the customer gets one text asking for a rating from 1 to 5 by reply. A 4 or 5 is
 * thanked with the company's review link; a 1 to 3 gets an apology and a ticket for staff. The
 * worker plans and sends the request, the api reads the reply (rating-reply.ts parses it).
 */

export const RATING_RULES = {
  /** The request goes out at this hour (Eastern) the day after the close-out. */
  requestHour: 10,
  /** No request for a cleaning closed out more than this many days after its date: it is too late to ask. */
  lateCloseOutDays: 3,
  /** At most one request per phone in this many days (checked when it is planned and when it is sent). */
  intervalDays: 30,
  /** A reply counts as a rating this long after the request went out, and only once per cleaning. */
  replyWindowDays: 7,
  /** Ratings from 1 to this are unhappy: an apology and a ticket for staff. */
  unhappyAtMost: 3,
  /** The board's averages cover this many days. */
  boardDays: 30,
} as const;

const DAY_MS = 86_400_000;

/** The moment `days` days before `at`. */
export const daysBefore = (at: Date, days: number): Date => new Date(at.getTime() - days * DAY_MS);

/**
 * When the rating request of a cleaning scheduled at `scheduledAt` and closed out (reached
 * Cleaning Done) at `closedOutAt` is due: 10 AM Eastern the next day, or `delayMinutes` after the
 * close-out when a delay is set (RATING_REQUEST_DELAY_MINUTES: development and the browser tests).
 * Null when the close-out came more than three days after the cleaning's date (Eastern days).
 * The caller moves it past quiet hours.
 */
export function ratingRequestDueAt(closedOutAt: Date, scheduledAt: Date, delayMinutes: number | null = null): Date | null {
  const closedDay = easternToday(closedOutAt);
  if (closedDay > addDays(easternToday(scheduledAt), RATING_RULES.lateCloseOutDays)) return null;
  if (delayMinutes !== null) return new Date(closedOutAt.getTime() + delayMinutes * 60_000);
  const [year, month, day] = addDays(closedDay, 1).split('-').map(Number) as [number, number, number];
  return easternWallTimeToInstant(year, month, day, RATING_RULES.requestHour, 0);
}

/** Whether a rating is unhappy (1 to 3): apology, ticket, and the top of the board. */
export const isUnhappyRating = (rating: number): boolean => rating <= RATING_RULES.unhappyAtMost;

/** The review link a thank-you carries: the company's reviewUrl, else where all its reviews can be read. */
export function reviewLinkOf(company: { reviewUrl?: string | undefined; reviewSource: { url: string } }): string {
  return company.reviewUrl ?? company.reviewSource.url;
}

/**
 * The texts (one GSM-7 segment each with ordinary values: cleaning-rating.test.ts). Plain words,
 * the company's name first, as every customer text (customer-messages.ts).
 */
export function ratingRequestSms(company: string): string {
  return `${company}: how did your cleaning go? Please reply with a rating from 1 (poor) to 5 (great). Thank you!`;
}

/** The answer to a 4 or a 5. */
export function ratingThanksSms(company: string, reviewLink: string): string {
  return `${company}: thank you, we're glad it went well! A short review helps us a lot: ${reviewLink}`;
}

/** The answer to a 1, 2 or 3: staff have a ticket to call the customer. */
export function ratingApologySms(company: string): string {
  return `${company}: we're sorry your cleaning was not what you expected. Someone from our office will contact you soon to make it right.`;
}

/** The subject of the staff ticket an unhappy rating opens. */
export function unhappyTicketSubject(dealName: string): string {
  return `Unhappy with a cleaning: ${dealName}`;
}

/** The ticket's words for staff: the rating and what the customer wrote. */
export function unhappyTicketReason(rating: number, words: string): string {
  return `Rated ${rating} out of 5 by text: "${words.trim()}"`;
}

/** The average of ratings to one decimal; null without any. */
export function averageRating(sum: number, count: number): number | null {
  return count === 0 ? null : Math.round((sum / count) * 10) / 10;
}
