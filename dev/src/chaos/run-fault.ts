import { customersOf, type Run } from './customers';
import type { DevDatabase } from './dev-database';
import { EmailWatch, takenBookings } from './email-watch';
import type { Emulators } from './emulators';
import { sendFaultTraffic } from './fault-traffic';
import type { Fault, FaultContext } from './faults/fault';
import type { MailInbox } from './mail-inbox';
import { observeFault, type FaultObservation } from './observe-fault';
import type { Observer } from './observer';
import { PLAN } from './plan';
import type { QueueStore } from './queue-store';
import { formatEmails, formatFailedAnswers, formatHeal, formatSchedulers } from './report';
import type { SentRequest } from './requests';
import { prepareSignedIn } from './sign-in';
import { Traffic } from './traffic';

export interface FaultResult {
  fault: Fault;
  requests: readonly SentRequest[];
  /** The e-mails its bookings planned, still watched for late second copies. */
  emails: EmailWatch;
  endedAt: number;
  observation: FaultObservation;
}

export interface RunFaultInput {
  number: number;
  fault: Fault;
  run: Run;
  apiOrigin: URL;
  preferredDate: string;
  emulators: Emulators;
  mail: MailInbox;
  store: QueueStore;
  database: DevDatabase;
  observer: Observer;
  schedulersBefore: readonly string[];
  ctx: FaultContext;
  /** Runs what the fault left to do afterwards (stop chaos's own worker). */
  cleanUp: () => Promise<void>;
  say: (line: string) => void;
}

/**
 * One fault from start to count: customers booked and signed in beforehand, the fault with its
 * requests, then the wait for everything taken to show in HubSpot and Twilio, and every e-mail the
 * bookings planned in the mail inbox (or the bound), and one line saying how it went.
 */
export async function runFault(input: RunFaultInput): Promise<FaultResult> {
  const { number, fault, run, apiOrigin, preferredDate, emulators, mail, store, database, observer, ctx, say } = input;
  say(`fault ${fault.title}`);
  const prep = new Traffic(apiOrigin, PLAN.takeWithinMs);
  const signedIn = await prepareSignedIn(prep, emulators, customersOf(run, number, 0, PLAN.changeRequests), preferredDate);
  ctx.say(`${signedIn.length} customers booked and signed in for their change requests`);
  const traffic = new Traffic(apiOrigin, PLAN.takeWithinMs);
  const customers = customersOf(run, number, PLAN.changeRequests, PLAN.bookings);
  const startedAt = new Date();
  const { endedAt } = await fault.run(ctx, () => sendFaultTraffic(traffic, customers, signedIn, preferredDate));
  for (const refusal of new Set(traffic.refusals)) ctx.say(`refused: ${refusal}`);
  const emails = new EmailWatch(mail, database, takenBookings(traffic.requests), endedAt);
  const observation = await observeFault({ observer, emails, store, requests: traffic.requests, endedAt, schedulersBefore: input.schedulersBefore, say: ctx.say });
  await input.cleanUp();
  const redispatched = await database.redispatchedSince(startedAt);
  if (redispatched > 0) ctx.say(`the worker's reconciler dispatched the fault's events ${redispatched} times again (their jobs had vanished)`);
  const { tally, schedulers } = observation;
  const extras = [formatFailedAnswers(tally.failedAnswers) && `answers ${formatFailedAnswers(tally.failedAnswers)}`, formatSchedulers(schedulers), formatEmails(observation.emails)].filter(Boolean);
  say(
    `fault ${number} done: ${tally.taken} taken (${tally.notTaken} not), ${tally.reached} reached, ${tally.lost} lost, ` +
      `${tally.duplicated} duplicated, time to heal ${formatHeal(tally)}${extras.map((part) => `; ${part}`).join('')}`,
  );
  return { fault, requests: traffic.requests, emails, endedAt, observation };
}
