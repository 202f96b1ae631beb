import type { EmailTally } from './email-tally';
import type { EmailWatch } from './email-watch';
import type { Observer } from './observer';
import { PLAN } from './plan';
import type { QueueStore } from './queue-store';
import type { SentRequest } from './requests';
import { tallyFault, type FaultTally } from './tally';

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
const PROGRESS_EVERY_MS = 15_000;

/** The job schedulers (crm.pull, crm.sweep, housekeeping) of before the run that are missing now. */
export function missingSchedulers(before: readonly string[], now: readonly string[]): string[] {
  return before.filter((id) => !now.includes(id));
}

export interface FaultObservation {
  tally: FaultTally;
  /** The fault's e-mails, from their rows to the mail emulator's inbox. */
  emails: EmailTally;
  /** Schedulers missing at the first look after the fault, and when all were back (null: not within the bound). */
  schedulers: { missing: string[]; backAfterMs: number | null };
}

/**
 * Looks at HubSpot, Twilio, the mail inbox and the queue's schedulers after a fault until every
 * taken request and every e-mail it planned arrived and every scheduler is back, or until the
 * bound (PLAN.reachWithinMs) says what is lost.
 */
export async function observeFault(input: {
  observer: Observer;
  emails: EmailWatch;
  store: QueueStore;
  requests: readonly SentRequest[];
  endedAt: number;
  schedulersBefore: readonly string[];
  say: (line: string) => void;
}): Promise<FaultObservation> {
  const { observer, emails, store, requests, endedAt, schedulersBefore, say } = input;
  let firstMissing: string[] | undefined;
  let backAt: number | null = null;
  let lastProgress = Date.now();
  for (;;) {
    const now = Date.now();
    await observer.look(requests);
    await emails.look();
    const tally = tallyFault({ requests, seen: observer.seen, faultEndedAt: endedAt, reachWithinMs: PLAN.reachWithinMs, now });
    const emailTally = emails.tally(PLAN.reachWithinMs, now);
    if (backAt === null) {
      // A failed read (Redis busy) says nothing either way: the next look reads again.
      const ids = await store.schedulerIds().catch(() => undefined);
      const missing = ids && missingSchedulers(schedulersBefore, ids);
      if (missing) firstMissing ??= missing;
      if (missing?.length === 0) backAt = now;
    }
    const schedulersSettled = backAt !== null || now >= endedAt + PLAN.reachWithinMs;
    if (tally.pending === 0 && emailTally.pending === 0 && schedulersSettled) {
      return { tally, emails: emailTally, schedulers: { missing: firstMissing ?? [], backAfterMs: backAt === null ? null : Math.max(0, backAt - endedAt) } };
    }
    if (now - lastProgress >= PROGRESS_EVERY_MS) {
      lastProgress = now;
      const waitingFor = [
        tally.pending > 0 ? `${tally.pending} of ${tally.taken} requests` : '',
        emailTally.pending > 0 ? `${emailTally.pending} of ${emailTally.planned} e-mails` : '',
        backAt === null ? `schedulers ${(firstMissing ?? []).join(', ')}` : '',
      ].filter(Boolean);
      say(`  ${Math.round((now - endedAt) / 1000)} s after the fault: waiting for ${waitingFor.join(' and ')}`);
      // The likeliest reason nothing moves: a worker that died (dev's runner does not restart it).
      if ((await store.workers().catch(() => 1)) === 0) say('  no worker is connected to the queue: did dev\'s worker exit? (see its output)');
    }
    await sleep(PLAN.pollMs);
  }
}
