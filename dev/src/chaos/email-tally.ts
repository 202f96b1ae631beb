import type { Sighting } from './requests';

/** A booking the api took: its "request received" e-mail is planned with it, in its transaction. */
export interface TakenBooking {
  dealId: string;
  takenAt: number;
}

/** An email_message row of a fault's bookings, as the dev database holds it. */
export interface PlannedEmail {
  id: string;
  dealId: string | null;
  purpose: string;
  status: string;
  createdAt: number;
}

/** One fault's e-mails, counted by Message-ID in the mail emulator's inbox against email_message rows. */
export interface EmailTally {
  /** Taken bookings, each of which plans one e-mail. */
  bookings: number;
  /** email_message rows of those bookings. */
  planned: number;
  /** Rows whose Message-ID reached the inbox within the bound. */
  delivered: number;
  /** Not in the inbox yet, bound not over, row still queued. */
  pending: number;
  /** Rows not in the inbox by the bound (or ended failed or canceled without arriving), and bookings that planned none. */
  lost: number;
  /** Of `lost`: taken bookings without any e-mail row. */
  unplanned: number;
  /** Notices (a deal and a kind) that reached the inbox under more than one Message-ID: the customer got it twice. */
  duplicated: number;
  /** Arrivals of a Message-ID after its first (a resend after a lost answer): one message in the mailbox, as it should be. */
  resent: number;
  /** From the fault's end to the last e-mail's arrival; null while any is pending or lost. */
  healMs: number | null;
}

export interface EmailTallyInput {
  bookings: readonly TakenBooking[];
  emails: readonly PlannedEmail[];
  seen: (emailId: string) => Sighting | undefined;
  faultEndedAt: number;
  /** An e-mail must arrive within this long of the fault's end, or of its planning if later. */
  reachWithinMs: number;
  now: number;
}

/** States a row does not leave: one of them without an arrival will never arrive. */
const ENDED = new Set(['failed', 'canceled']);

/** Counts a fault's e-mails against what the inbox showed (pure: the caller looks, this counts). */
export function tallyEmails({ bookings, emails, seen, faultEndedAt, reachWithinMs, now }: EmailTallyInput): EmailTally {
  const tally: EmailTally = { bookings: bookings.length, planned: emails.length, delivered: 0, pending: 0, lost: 0, unplanned: 0, duplicated: 0, resent: 0, healMs: null };
  let lastArrival = faultEndedAt;
  const deliveredPerNotice = new Map<string, number>();
  for (const email of emails) {
    const sighting = seen(email.id);
    if (sighting) tally.resent += sighting.copies - 1;
    const deadline = Math.max(faultEndedAt, email.createdAt) + reachWithinMs;
    if (sighting && sighting.firstSeenAt <= deadline) {
      tally.delivered += 1;
      lastArrival = Math.max(lastArrival, sighting.firstSeenAt);
      const notice = `${email.dealId}:${email.purpose}`;
      deliveredPerNotice.set(notice, (deliveredPerNotice.get(notice) ?? 0) + 1);
    } else if (now < deadline && !ENDED.has(email.status)) {
      tally.pending += 1;
    } else {
      tally.lost += 1;
    }
  }
  const planned = new Set(emails.map((e) => e.dealId));
  tally.unplanned = bookings.filter((b) => !planned.has(b.dealId)).length;
  tally.lost += tally.unplanned;
  tally.duplicated = [...deliveredPerNotice.values()].filter((n) => n > 1).length;
  if (tally.pending === 0 && tally.lost === 0) tally.healMs = lastArrival - faultEndedAt;
  return tally;
}

/** A fault whose e-mails were lost or duplicated fails the run. */
export function emailsFailed(tally: EmailTally): boolean {
  return tally.lost > 0 || tally.duplicated > 0;
}
