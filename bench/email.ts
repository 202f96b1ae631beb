/**
 * npm run bench:email — the e-mails a burst of bookings sends, and how long each takes to reach
 * the customer's inbox: the built api and worker against the mail emulator (a real SMTP server),
 * the HubSpot emulator and the Twilio emulator, on 127.0.0.1. Bounded in count and time; stopped
 * and dropped at the end.
 *
 * Each booking is a new customer who left the text box unticked, so each should get exactly one
 * e-mail, the request received with its reference (docs/customer-messages.md#channels), sent
 * through the outbox, the email.send job and SMTP, with nothing lost and nothing twice.
 *
 * Options (environment): BENCH_BOOKINGS (200), BENCH_RATE (50 bookings per second: a burst),
 * BENCH_DRAIN_TIMEOUT_S (120). The worker's WORKER_CONCURRENCY is passed on when set.
 */
import { createPrismaClient } from '@app/db/client';
import { startHubSpotEmulator } from '@app/emulators/hubspot/server';
import { startMailEmulator } from '@app/emulators/mail/mail-emulator';
import { domainOf } from '@app/emulators/mail/smtp-rules';
import { bookingRequestBody } from '@app/shared/booking-request-fixture';
import { addDays, easternToday } from '@app/shared/eastern-time';
import { EMAIL_EVENTS_PATH } from '@app/shared/routes';
import { freePort, throwawaySecrets, waitUntil } from '../dev/src/net';
import { formatReport, setUpCrmAccount } from '../worker/src/crm/account/setup-account';
import { createTestDatabase } from '../test/database';
import { startLocalTwilio } from './local-twilio';
import { postPaced } from './paced-load';
import { percentile } from './request-stats';
import { dropQueues, startProcess, stop, waitForWorkers } from './server-processes';

const BOOKINGS = Number(process.env.BENCH_BOOKINGS ?? 200);
const RATE = Number(process.env.BENCH_RATE ?? 50);
const DRAIN_TIMEOUT_S = Number(process.env.BENCH_DRAIN_TIMEOUT_S ?? 120);
const TOKEN = 'bench-token';
const REDIS_URL = process.env.REDIS_URL || 'redis://127.0.0.1:6379';
const MAIL_LOGIN = { username: 'bench-mail', password: 'bench-mail-password' };

/** The e-mail targets (docs/benchmarks.md). */
const TARGET = { p50Ms: 5_000, p99Ms: 30_000 };

const verdict = (ok: boolean) => (ok ? 'ok' : 'MISS');
const seconds = (ms: number) => `${(ms / 1000).toFixed(2)} s`;
const line = (label: string, value: string, target?: string, ok?: boolean) =>
  console.log(`${label.padEnd(28)}${value.padEnd(46)}${target ? `(target ${target}) ${verdict(ok ?? false)}` : ''}`);

async function main(): Promise<void> {
  console.log(`bench:email — ${BOOKINGS} bookings at ${RATE}/s, each a new customer reached by e-mail only`);
  const database = await createTestDatabase('bench_email');
  const hubspot = await startHubSpotEmulator({ port: 0, accessToken: TOKEN, blank: true });
  const account = await setUpCrmAccount({ accessToken: TOKEN, basePath: hubspot.url, apply: true });
  if (!account.ready) throw new Error(`crm:setup left the bench account not ready:\n${formatReport(account)}`);
  // The processes' company (bench/server-processes.ts) sends from its own domain, which the emulator's account has verified.
  const secrets = throwawaySecrets();
  const sender = (JSON.parse(secrets.COMPANY_CONFIG) as { email: string }).email;
  const mail = await startMailEmulator({ ...MAIL_LOGIN, verifiedDomains: [domainOf(sender)] });
  const twilio = await startLocalTwilio();
  const prefix = `bench-email-${process.pid}`;
  const apiPort = await freePort();
  const base = `http://127.0.0.1:${apiPort}`;
  mail.setWebhook({ url: `${base}${EMAIL_EVENTS_PATH}`, signingKey: secrets.EMAIL_WEBHOOK_SIGNING_KEY });
  const common = { DATABASE_URL: database.url, REDIS_URL, QUEUE_PREFIX: prefix };
  // All bookings come from 127.0.0.1: the per-address limit of the public forms is off here.
  const api = startProcess('api/dist/main.js', { ...common, PORT: String(apiPort), HOST: '127.0.0.1', RATE_LIMIT_MAX: '0' });
  const worker = startProcess('worker/dist/main.js', {
    ...common,
    HUBSPOT_ACCESS_TOKEN: TOKEN,
    HUBSPOT_BASE_URL: hubspot.url,
    ...twilio.env,
    EMAIL_SMTP_URL: `smtp://${MAIL_LOGIN.username}:${MAIL_LOGIN.password}@${mail.smtpHost}:${mail.smtpPort}`,
    // The emulator's STARTTLS certificate is its own, which production refuses to take unchecked:
    // this worker runs as in development, the e-mail path being the same.
    EMAIL_SMTP_TLS_VERIFY: 'off',
    NODE_ENV: 'development',
    HOUSEKEEPING_INTERVAL_MS: '0',
    ...(process.env.WORKER_CONCURRENCY ? { WORKER_CONCURRENCY: process.env.WORKER_CONCURRENCY } : {}),
  });
  const db = createPrismaClient(database.url);
  try {
    if (!(await waitUntil(async () => (await fetch(`${base}/healthz`)).ok, 30_000))) throw new Error('API did not start');
    if (!(await waitForWorkers(REDIS_URL, prefix, 30_000))) throw new Error('worker did not start');

    const preferredDate = addDays(easternToday(), 7);
    const emailOf = (n: number) => `mail.${n}.${process.pid}@customer.example`;
    const body = (n: number) =>
      JSON.stringify(
        bookingRequestBody({
          name: `Mail Customer${n}`, email: emailOf(n), phone: `+1404555${String(n % 10_000).padStart(4, '0')}`, textsAgreed: false, contactMethod: 'email',
          address: { street: `${n} Peachtree St NE`, city: 'Atlanta', state: 'GA', zip: '30303' }, preferredDate,
        }),
      );
    const from = Date.now();
    const load = await postPaced({ url: new URL(`${base}/api/hubspot/portal/requestBooking`), count: BOOKINGS, perSecond: RATE, body });
    // When each booking was answered, by its address (one booking per address).
    const answeredAt = new Map<string, number>();
    for (const a of load.answers) if (a.status === 201) answeredAt.set(emailOf(a.index).toLowerCase(), a.answeredAt);
    const arrived = () => mail.messages().filter((m) => answeredAt.has(m.envelopeTo[0]!.toLowerCase()));
    const drained = await waitUntil(async () => arrived().length >= answeredAt.size, DRAIN_TIMEOUT_S * 1000, 100);
    const until = Date.now();
    // The provider's reports (all delivered here) reach the api after the last message.
    await waitUntil(async () => mail.webhookReportsInFlight() === 0, 30_000, 100);

    const messages = arrived();
    const perAddress = new Map<string, number>();
    for (const m of messages) perAddress.set(m.envelopeTo[0]!.toLowerCase(), (perAddress.get(m.envelopeTo[0]!.toLowerCase()) ?? 0) + 1);
    const toInbox = messages.flatMap((m) => {
      const answered = answeredAt.get(m.envelopeTo[0]!.toLowerCase());
      return answered === undefined ? [] : [Date.parse(m.receivedAt) - answered];
    }).sort((a, b) => a - b);
    const lost = [...answeredAt.keys()].filter((address) => !perAddress.has(address)).length;
    const twice = [...perAddress.values()].filter((n) => n > 1).length + messages.filter((m) => m.copies > 1).length;
    const subjects = new Set(messages.map((m) => m.subject.replace(/ATL-\S+$/, 'ATL-…')));
    const rows = await db.emailMessage.groupBy({ by: ['status', 'delivery'], _count: true });
    const reported = rows.filter((r) => r.delivery === 'delivered').reduce((n, r) => n + r._count, 0);
    const p50 = percentile(toInbox, 50);
    const p99 = percentile(toInbox, 99);

    console.log('');
    line('bookings accepted', `${answeredAt.size} of ${BOOKINGS} in ${load.seconds.toFixed(1)} s (${load.late} sent late)`);
    line('e-mails in the inbox', `${messages.length} (${(messages.length / Math.max(1, answeredAt.size)).toFixed(2)} a booking; ${[...subjects].join('; ')})`, '1 a booking', messages.length === answeredAt.size);
    line('booking -> inbox', `p50 ${seconds(p50)}`, `< ${seconds(TARGET.p50Ms)}`, toInbox.length > 0 && p50 < TARGET.p50Ms);
    line('', `p99 ${seconds(p99)}  max ${seconds(toInbox.at(-1) ?? 0)}`, `< ${seconds(TARGET.p99Ms)}`, toInbox.length > 0 && p99 < TARGET.p99Ms);
    line('drain', drained ? `all in the inbox ${seconds(until - from)} after the first booking` : `not finished after ${DRAIN_TIMEOUT_S} s`);
    line('delivery reports kept', `${reported} of ${messages.length} (the provider's webhook, signed)`);
    line('sent twice', String(twice), '0', twice === 0);
    line('lost', String(lost), '0', lost === 0);
  } finally {
    await db.$disconnect();
    await Promise.all([stop(api), stop(worker)]);
    await dropQueues(REDIS_URL, prefix);
    await mail.close();
    await hubspot.close();
    await twilio.emulator.close();
    await database.drop();
  }
}

main().then(
  () => process.exit(0),
  (error: unknown) => {
    console.error(error);
    process.exit(1);
  },
);
