import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { BodyTooLargeError, readBody, sendEmpty, sendJson } from '../twilio/http-io';
import { createFaults, faultSpecSchema, type FaultKind, type FaultSpec } from './faults';
import { inboxHtml, messageHtml } from './inbox-page';
import { createMailboxes, mailboxOutcomeSchema } from './mailboxes';
import { createMailStore, type StoredMail } from './mail-store';
import { startSmtpListener } from './smtp-listener';
import { webhookTargetSchema, type DeliveryOutcome, type WebhookTarget } from './webhook-events';
import { createWebhookPoster, type WebhookPost } from './webhook-poster';

export interface MailEmulatorOptions {
  /** The SMTP port; 0 picks any free port (tests). */
  smtpPort?: number;
  /** The inbox page and control API; 0 picks any free port. */
  httpPort?: number;
  /** Address to listen on; default 127.0.0.1 (0.0.0.0 in a container). */
  host?: string;
  /** The inbox's URL when it is not the listen address (a container's). */
  publicUrl?: string;
  username: string;
  password: string;
  /** The sending domains the account has verified (the product's EMAIL_FROM domain). */
  verifiedDomains: readonly string[];
  /** Where to report deliveries, bounces and complaints (webhook-events.ts); unset: nowhere, until setWebhook. */
  webhook?: WebhookTarget;
  /** Pause before each report (default 200 ms: after the SMTP answer, as a provider delivers later). */
  webhookStepMs?: number;
  /** Pauses before each new try of a report the product did not take (default 1, 5 and 15 s). */
  webhookRetryDelaysMs?: readonly number[];
}

export interface MailEmulator {
  /** The inbox page and control API, e.g. http://127.0.0.1:4030. */
  url: string;
  smtpHost: string;
  smtpPort: number;
  /** Newest first; `to` matches an envelope recipient. */
  messages(filter?: { to?: string }): StoredMail[];
  addFault(spec: FaultSpec): Record<FaultKind, number>;
  /** Reports from now on go to this webhook (null: none). */
  setWebhook(target: WebhookTarget | null): void;
  /** The reports posted so far, oldest first. */
  webhookPosts(): WebhookPost[];
  /** Messages whose reports are still on their way (0: every report is posted, or given up). */
  webhookReportsInFlight(): number;
  /** What becomes of mail to `address` from now on, whatever its local part says. */
  setMailbox(address: string, outcome: DeliveryOutcome): void;
  /** Forgets every message, fault, mailbox outcome and report posted (the webhook stays set). */
  reset(): void;
  close(): Promise<void>;
}

/**
 * A transactional mail provider's SMTP submission endpoint and, behind it, the mailboxes: a real
 * SMTP server (smtp-server) the worker's nodemailer talks to, with the provider's refusals
 * (smtp-rules.ts), faults on request (faults.ts), the dev inbox page, and the provider's signed
 * webhook reporting deliveries, bounces and complaints (webhook-events.ts).
 */
export async function startMailEmulator(options: MailEmulatorOptions): Promise<MailEmulator> {
  const host = options.host ?? '127.0.0.1';
  const store = createMailStore();
  const faults = createFaults();
  const mailboxes = createMailboxes();
  let webhook: WebhookTarget | null = options.webhook ?? null;
  const poster = createWebhookPoster({ target: () => webhook, stepMs: options.webhookStepMs ?? 200, retryDelaysMs: options.webhookRetryDelaysMs ?? [1_000, 5_000, 15_000] });
  const smtp = await startSmtpListener({
    port: options.smtpPort ?? 0,
    host,
    username: options.username,
    password: options.password,
    verifiedDomains: options.verifiedDomains,
    store,
    faults,
    outcomeFor: mailboxes.outcomeFor,
    onMessage: (mail) => poster.report(mail),
  });
  const addFault = (spec: FaultSpec) => {
    const left = faults.add(spec);
    // Refusing connections is the provider being down: the sessions it had end with it, or a
    // client's pooled connection would carry on as if nothing happened.
    if (spec.kind === 'refuse-connection') smtp.dropConnections();
    return left;
  };

  const handle = async (req: IncomingMessage, res: ServerResponse) => {
    const url = new URL(req.url ?? '/', 'http://emulator');
    const to = url.searchParams.get('to') ?? undefined;
    const html = (status: number, body: string) => {
      res.writeHead(status, { 'content-type': 'text/html; charset=utf-8', 'content-security-policy': "default-src 'none'; style-src 'unsafe-inline'; img-src * data:; frame-src 'self'; form-action 'self'" });
      res.end(body);
    };
    if (req.method === 'GET' && (url.pathname === '/' || url.pathname === '/inbox')) return html(200, inboxHtml(store.list({ to }), to));
    const page = /^\/messages\/([^/]+)$/.exec(url.pathname);
    if (req.method === 'GET' && page) {
      const mail = store.get(decodeURIComponent(page[1]!));
      return mail ? html(200, messageHtml(mail)) : html(404, 'No such message');
    }
    if (url.pathname === '/_emulator/messages') {
      if (req.method === 'GET') return sendJson(res, 200, { messages: store.list({ to }) });
      if (req.method === 'DELETE') {
        store.clear();
        return sendEmpty(res, 204);
      }
    }
    // What arrived, without the bodies (npm run chaos counts it every second): each Message-ID once, with its copies.
    if (req.method === 'GET' && url.pathname === '/_emulator/message-ids') {
      return sendJson(res, 200, { messages: store.list({ to }).map(({ messageId, envelopeTo, copies, receivedAt }) => ({ messageId, envelopeTo, copies, receivedAt })) });
    }
    const one = /^\/_emulator\/messages\/([^/]+)$/.exec(url.pathname);
    if (req.method === 'GET' && one) {
      const mail = store.get(decodeURIComponent(one[1]!));
      return mail ? sendJson(res, 200, mail) : sendJson(res, 404, { error: 'no such message' });
    }
    if (url.pathname === '/_emulator/faults') {
      if (req.method === 'GET') return sendJson(res, 200, faults.pending());
      if (req.method === 'DELETE') {
        faults.clear();
        return sendEmpty(res, 204);
      }
      if (req.method === 'POST') {
        const parsed = faultSpecSchema.safeParse(JSON.parse((await readBody(req)) || '{}'));
        if (!parsed.success) return sendJson(res, 400, { error: parsed.error.issues.map((i) => `${i.path.join('.')}: ${i.message}`).join('; ') });
        return sendJson(res, 200, addFault(parsed.data));
      }
    }
    // What becomes of mail to one address from now on: PUT { outcome } (a mailbox closed: "bounced").
    const mailbox = /^\/_emulator\/mailboxes\/([^/]+)$/.exec(url.pathname);
    if (req.method === 'PUT' && mailbox) {
      const parsed = mailboxOutcomeSchema.safeParse(JSON.parse((await readBody(req)) || '{}'));
      if (!parsed.success) return sendJson(res, 400, { error: parsed.error.issues.map((i) => `${i.path.join('.')}: ${i.message}`).join('; ') });
      const address = decodeURIComponent(mailbox[1]!);
      mailboxes.set(address, parsed.data.outcome);
      return sendJson(res, 200, { address, outcome: parsed.data.outcome });
    }
    if (url.pathname === '/_emulator/webhook') {
      // The signing key is not shown back: it is a secret the product shares.
      if (req.method === 'GET') return sendJson(res, 200, { url: webhook?.url ?? null });
      if (req.method === 'DELETE') {
        webhook = null;
        return sendEmpty(res, 204);
      }
      if (req.method === 'PUT') {
        const parsed = webhookTargetSchema.safeParse(JSON.parse((await readBody(req)) || '{}'));
        if (!parsed.success) return sendJson(res, 400, { error: parsed.error.issues.map((i) => `${i.path.join('.')}: ${i.message}`).join('; ') });
        webhook = parsed.data;
        return sendJson(res, 200, { url: webhook.url });
      }
    }
    if (req.method === 'GET' && url.pathname === '/_emulator/events') return sendJson(res, 200, { posts: poster.posts(), inFlight: poster.inFlight() });
    if (req.method === 'POST' && url.pathname === '/_emulator/reset') {
      store.clear();
      faults.clear();
      mailboxes.clear();
      poster.reset();
      return sendEmpty(res, 204);
    }
    sendJson(res, 404, { error: 'not found' });
  };

  const http = createServer((req, res) => {
    handle(req, res).catch((error: unknown) => {
      if (res.headersSent) return res.destroy();
      sendJson(res, error instanceof BodyTooLargeError || error instanceof SyntaxError ? 400 : 500, { error: error instanceof Error ? error.message : String(error) });
    });
  });
  await new Promise<void>((resolve, reject) => {
    http.once('error', reject);
    http.listen(options.httpPort ?? 0, host, () => resolve());
  });
  const httpPort = (http.address() as AddressInfo).port;
  return {
    url: options.publicUrl ?? `http://${host === '0.0.0.0' ? '127.0.0.1' : host}:${httpPort}`,
    smtpHost: host === '0.0.0.0' ? '127.0.0.1' : host,
    smtpPort: smtp.port,
    messages: (filter) => store.list(filter),
    addFault,
    setWebhook(target) {
      webhook = target === null ? null : webhookTargetSchema.parse(target);
    },
    setMailbox: (address, outcome) => mailboxes.set(address, outcome),
    webhookPosts: () => poster.posts(),
    webhookReportsInFlight: () => poster.inFlight(),
    reset() {
      store.clear();
      faults.clear();
      mailboxes.clear();
      poster.reset();
    },
    async close() {
      poster.reset();
      await Promise.all([smtp.close(), new Promise<void>((resolve) => http.close(() => resolve()))]);
    },
  };
}
