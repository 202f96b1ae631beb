import { randomBytes } from 'node:crypto';
import type { Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { createPrismaClient, type Db } from '@app/db/client';
import { createLogger, type Logger } from '@app/runtime/logger';
import { createQueueBackend, createQueues } from '@app/runtime/queue/connection';
import { loginCodeFor } from '@app/runtime/sms/login-code';
import { createApp } from '../api/src/app';
import type { PublicPostSettings } from '../api/src/middleware/public-post';
import { SESSION_POLICIES } from '../api/src/middleware/session';
import { createPostgresSessionStore } from '../api/src/middleware/session-store';
import { queueDashboard } from '../api/src/modules/ops/queue-dashboard';
import { opsRoutes } from '../api/src/modules/ops/routes';
import { moduleRouters } from '../api/src/modules/registry';
import type { StaffSignInSettings } from '../api/src/modules/staff-auth/oidc-client';
import type { TwilioStatusSettings } from '../api/src/modules/twilio-status/routes';
import type { TwilioInboundSettings } from '../api/src/modules/twilio-inbound/routes';
import type { EmailEventsSettings } from '../api/src/modules/email-events/routes';
import type { SmsBudget } from '../api/src/modules/portal-auth/service';
import { testDatabaseUrl, testRedisUrl, uniqueQueuePrefix } from './context';
import { testOutboxNotifier } from './outbox-nudges';
import { latestSmsEvent } from './sms-events';
import { DEV_STAFF_IDENTITY } from '@app/emulators/oidc/provider';
import { SMS_CONSENT_VERSION } from '@app/shared/sms-consent';
import { TEST_SMS_BUDGET, testModuleDeps } from './module-deps';

const log = createLogger({ service: 'portal-test', level: 'silent', format: 'json' });
export const ALLOWED_ORIGIN = 'https://www.allowed.example';

export interface TestApiOptions {
  /** Logs of the app (silent unless a test reads them). */
  logger?: Logger;
  /** Staff sign-in (see test/staff-app.ts); off when absent. */
  staffSignIn?: StaffSignInSettings;
  /** Mount the queue dashboard, as main.ts does. */
  queueDashboard?: boolean;
  /** Rate limits of the public endpoints; none when absent. */
  publicPosts?: PublicPostSettings;
  /** Proxies believed in X-Forwarded-* (default 1: each test browser comes from its own address). */
  trustedProxyHops?: number;
  /** E-mails with the staff admin role (default: the test provider's default staff member). */
  staffAdmins?: readonly string[];
  /** Production's cookie rules: `__Host-sid`, and sign-in only over HTTPS. */
  httpsOnly?: boolean;
  /** The company's text budget (default: the api's). */
  smsBudget?: SmsBudget;
  /** Verification of Twilio status callbacks; the dev defaults when absent. */
  twilioStatus?: TwilioStatusSettings;
  /** Verification of texts to our number; the dev defaults when absent. */
  twilioInbound?: TwilioInboundSettings;
  /** The number a phone that replied STOP texts START to (TWILIO_FROM); none when absent. */
  smsReplyNumber?: string;
  /** Mount GET /metrics, as main.ts does. */
  metrics?: boolean;
  /** Listen here instead of any free port (when the URL must be known before the app starts). */
  port?: number;
  /** A database of the test's own (e.g. from createTestDatabase); the run's shared one when absent. */
  databaseUrl?: string;
  /** HUBSPOT_ACCOUNT_ID: staff answers link to HubSpot records. */
  hubspotAccountId?: string;
  /**
   * The app reads the real clock, not the one the test moves: for a provider that signs its
   * webhooks with the real time (the mail emulator). `clock.set` and `advance` are then refused.
   */
  realClock?: boolean;
  /** Verification of the e-mail provider's webhook; the mail emulator's key when absent. */
  emailEvents?: EmailEventsSettings;
}

/**
 * The API as main.ts builds it (sessions in Postgres, origin check, every module) with a clock
 * the test moves: the session timeouts, code expiry and sending windows all read it. One
 * trusted proxy hop, so each test browser can come from its own address (X-Forwarded-For).
 */
export async function startPortalApi(label: string, start: Date, options: TestApiOptions = {}) {
  const databaseUrl = options.databaseUrl ?? testDatabaseUrl();
  const db: Db = createPrismaClient(databaseUrl);
  const prefix = uniqueQueuePrefix(label);
  const backend = createQueueBackend({ redisUrl: testRedisUrl(), databaseUrl, prefix, role: 'producer' });
  const queues = createQueues(backend);
  const { outbox, nudges, close: closeNotifier } = await testOutboxNotifier(testRedisUrl(), prefix);
  let current = start.getTime();
  const now = options.realClock ? () => new Date() : () => new Date(current);
  const smsBudget = options.smsBudget ?? TEST_SMS_BUDGET;
  const app = await createApp({
    logger: options.logger ?? log,
    bodyLimit: '100kb',
    readinessChecks: {},
    allowedOrigins: [ALLOWED_ORIGIN],
    trustedProxyHops: options.trustedProxyHops ?? 1,
    session: {
      keys: ['portal-test-session-key-0123456789abcdef'],
      httpsOnly: options.httpsOnly ?? false,
      // As outside production: the staff member the test provider signs in by default is an admin.
      staffAdmins: options.staffAdmins ?? [DEV_STAFF_IDENTITY.email],
      store: createPostgresSessionStore({ db, now, policies: SESSION_POLICIES }),
    },
    routers: moduleRouters(testModuleDeps({ db, outbox, now }, {
      auth: { otpSecret: TEST_OTP_SECRET, trustedProxyHops: options.trustedProxyHops ?? 1, smsBudget, smsReplyNumber: options.smsReplyNumber ?? null },
      ...(options.staffSignIn ? { staffSignIn: options.staffSignIn } : {}),
      ...(options.publicPosts ? { publicPosts: options.publicPosts } : {}),
      ...(options.twilioStatus ? { twilioStatus: options.twilioStatus } : {}),
      ...(options.twilioInbound ? { twilioInbound: options.twilioInbound } : {}),
      ...(options.emailEvents ? { emailEvents: options.emailEvents } : {}),
      hubspotAccountId: options.hubspotAccountId ?? null,
      queues,
    })).concat(options.metrics ? [opsRoutes({ db, queues, now, smsBudget, metricsToken: null })] : []),
    middleware: options.queueDashboard ? [queueDashboard(Object.values(queues))] : [],
  });
  const server: Server = app.listen(options.port ?? 0, '127.0.0.1');
  await new Promise((resolve) => server.once('listening', resolve));
  const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  const close = async () => {
    await new Promise((resolve) => server.close(resolve));
    await Promise.all(Object.values(queues).map((q) => q.close()));
    await backend.close();
    await closeNotifier();
    await db.$disconnect();
  };
  const movable = () => {
    if (options.realClock) throw new Error('this test api reads the real clock (realClock)');
  };
  const clock = {
    now,
    advance: (ms: number) => {
      movable();
      current += ms;
    },
    set: (at: Date) => {
      movable();
      current = at.getTime();
    },
  };
  return { url, db, queues, prefix, nudges, clock, close };
}
export type PortalApi = Awaited<ReturnType<typeof startPortalApi>>;

/** A minimal browser: keeps the cookies the API sets and sends them back, from its own address. */
export class TestBrowser {
  readonly cookies = new Map<string, string>();
  readonly ip = `10.${[1, 2, 3].map(() => randomBytes(1)[0]! % 250).join('.')}`;

  constructor(private readonly base: string) {}

  get sessionId(): string | undefined {
    return this.cookies.get('sid');
  }

  async request(path: string, init: { method?: string; body?: unknown; headers?: Record<string, string> } = {}): Promise<Response> {
    const headers: Record<string, string> = { 'X-Forwarded-For': this.ip, ...init.headers };
    if (this.cookies.size > 0) headers.Cookie = [...this.cookies].map(([k, v]) => `${k}=${v}`).join('; ');
    if (init.body !== undefined) headers['Content-Type'] = 'application/json';
    const res = await fetch(`${this.base}${path}`, {
      method: init.method ?? (init.body === undefined ? 'GET' : 'POST'),
      headers,
      ...(init.body !== undefined && { body: JSON.stringify(init.body) }),
    });
    for (const line of res.headers.getSetCookie()) {
      const [pair] = line.split(';');
      const [name, value = ''] = (pair ?? '').split('=');
      if (!name) continue;
      if (value === '') this.cookies.delete(name);
      else this.cookies.set(name, value);
    }
    return res;
  }

  post(path: string, body: unknown = {}, headers: Record<string, string> = {}): Promise<Response> {
    return this.request(path, { method: 'POST', body, headers });
  }
}

export interface TestCustomer {
  id: string;
  email: string;
  phone: string;
}

/** A US phone no other test uses. */
export function uniquePhone(): string {
  return `+1404${String(randomBytes(4).readUInt32BE() % 10_000_000).padStart(7, '0')}`;
}

/**
 * A contact; `with` says what makes it eligible for the portal: a deal (a booking it made),
 * a staff invite, or nothing.
 */
export async function createCustomer(
  db: Db,
  options: { with?: 'deal' | 'invite' | 'nothing'; suspended?: boolean; squareFootage?: number } = {},
): Promise<TestCustomer> {
  const email = `portal.${randomBytes(5).toString('hex')}@example.com`;
  const phone = uniquePhone();
  const contact = await db.contact.create({
    data: {
      email,
      phone,
      firstName: 'Pat',
      lastName: 'Portal',
      street: '12 Peachtree St NE',
      city: 'Atlanta',
      state: 'GA',
      zip: '30303',
      squareFootage: options.squareFootage ?? 1500,
      suspended: options.suspended ?? false,
      invitedAt: options.with === 'invite' ? new Date() : null,
    },
  });
  if ((options.with ?? 'deal') === 'deal') {
    await db.deal.create({
      data: { contactId: contact.id, name: 'Deep Clean for Pat Portal', stageId: '1606828760', source: 'public_form', submittedName: 'Pat Portal', submittedPhone: phone },
    });
  }
  return { id: contact.id, email, phone };
}

/** The test api's OTP key: the worker jobs of a test need it to write login codes' texts. */
export const TEST_OTP_SECRET = 'portal-test-otp-secret-0123456789abcdef';

/**
 * The code of the newest login text to `phone`, derived from the challenge its message row
 * names, as the worker derives it to write the text.
 */
export async function latestCode(api: PortalApi, phone: string): Promise<string> {
  const event = await latestSmsEvent(api.db, phone, 'login_code');
  const message = await api.db.smsMessage.findUnique({ where: { id: event.aggregateId }, select: { otpChallengeId: true } });
  if (!message?.otpChallengeId) throw new Error(`the login text to ${phone} has no challenge`);
  return loginCodeFor(TEST_OTP_SECRET, message.otpChallengeId);
}

/** Signs the browser in as the customer through both login steps. */
export async function signIn(api: PortalApi, browser: TestBrowser, customer: TestCustomer): Promise<void> {
  const requested = await browser.post('/api/portal/auth/request-code', { email: customer.email, phone: customer.phone, code: '', consentVersion: SMS_CONSENT_VERSION });
  if (requested.status !== 200) throw new Error(`request-code answered ${requested.status}: ${await requested.text()}`);
  const code = await latestCode(api, customer.phone);
  const verified = await browser.post('/api/portal/auth/verify-code', { email: customer.email, phone: customer.phone, code });
  if (verified.status !== 200) throw new Error(`verify-code answered ${verified.status}: ${await verified.text()}`);
}
