import type { DevDatabase } from './dev-database';
import { tallyEmails, type EmailTally, type PlannedEmail, type TakenBooking } from './email-tally';
import { emailIdOf, type MailInbox } from './mail-inbox';
import type { SentRequest, Sighting } from './requests';
import { nextSighting } from './sightings';

/** The bookings a fault's traffic got taken, each with the deal its e-mail is about. */
export function takenBookings(requests: readonly SentRequest[]): TakenBooking[] {
  return requests.flatMap((r) => (r.kind === 'booking' && r.takenAt !== null && r.key !== null ? [{ dealId: r.key, takenAt: r.takenAt }] : []));
}

/**
 * Follows a fault's e-mails from their email_message rows (the dev database) to the mail
 * emulator's inbox, by Message-ID: each look records which arrived, first when and how often.
 */
export class EmailWatch {
  private emails: PlannedEmail[] = [];
  private readonly sightings = new Map<string, Sighting>();

  constructor(
    private readonly inbox: MailInbox,
    private readonly database: DevDatabase,
    private readonly bookings: readonly TakenBooking[],
    private readonly faultEndedAt: number,
  ) {}

  /** One look: the rows first, then the inbox, so a row sent in between is found there. */
  async look(): Promise<void> {
    this.emails = await this.database.emailsOf(this.bookings.map((b) => b.dealId));
    const messages = await this.inbox.messages();
    const at = Date.now();
    const copies = new Map(messages.map((m) => [emailIdOf(m.messageId), m.copies]));
    for (const email of this.emails) {
      const next = nextSighting(this.sightings.get(email.id), copies.get(email.id) ?? 0, at);
      if (next) this.sightings.set(email.id, next);
    }
  }

  tally(reachWithinMs: number, now: number): EmailTally {
    return tallyEmails({ bookings: this.bookings, emails: this.emails, seen: (id) => this.sightings.get(id), faultEndedAt: this.faultEndedAt, reachWithinMs, now });
  }
}
