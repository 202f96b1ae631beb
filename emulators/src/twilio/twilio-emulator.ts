import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { handleTwilioApi, sendTwilioError } from './api-routes';
import { createCallbackLog, type CallbackLogEntry } from './callback-log';
import { handleControl } from './control-routes';
import { createDeliveryFailures, type DeliveryFailureRule, type DeliveryFailureSpec } from './delivery-failures';
import { createDeliveryLifecycle, queueWaitSchema } from './delivery-lifecycle';
import { createFaultController, type FaultSpec, type FaultState } from './faults';
import { createHeldRequests } from './held-requests';
import { BodyTooLargeError, sendJson } from './http-io';
import { INBOX_HTML, INBOX_PATHS } from './inbox-page';
import { inboundSchema, receiveInbound, type InboundContext, type InboundOutcome, type InboundSpec } from './inbound';
import type { TwilioMessageResource } from './message-resource';
import { createMessageStore } from './message-store';
import { accountPatchSchema, inboundWebhookFor, patchAccount, readyAccount, setEffectiveWebhook, type AccountDefaults, type AccountPatch, type MessagingAccount } from './messaging-account';
import { createOptOutList } from './opt-outs';
import { createRequestLog, type RequestLogEntry } from './request-log';

export interface TwilioEmulatorOptions {
  /** 0 picks any free port (tests). */
  port?: number;
  /** Address to listen on; default 127.0.0.1 (0.0.0.0 in a container). */
  host?: string;
  /** The URL clients reach it at, when that is not the listen address (a container's). */
  publicUrl?: string;
  accountSid: string;
  authToken: string;
  /** Pause before each status change of a message (queued → sent → delivered); default 250 ms. */
  deliveryStepMs?: number;
  /** The account's number replies are sent to (the product's TWILIO_FROM); default +15005550006. */
  phoneNumber?: string;
  /** The number's "A message comes in" webhook (the api's /api/twilio/inbound); unset: none. */
  webhookUrl?: string | null;
  /** The Messaging Service's status callback URL as the account starts; unset: none (the worker passes its own per message). */
  statusCallbackUrl?: string | null;
}

/** The in-process twin of the /_emulator/ control API. */
export interface TwilioEmulator {
  /** Origin the SDK is rewritten onto, e.g. http://127.0.0.1:4020 (no trailing slash). */
  url: string;
  accountSid: string;
  close(): Promise<void>;
  /**
   * Forgets messages, the request and callback logs, every fault and delivery failure rule, the
   * queue wait, and puts the account's sending setup back to ready (see messaging-account.ts).
   */
  reset(): void;
  /** Newest first; `to` compares digits only. */
  messages(filter?: { to?: string }): TwilioMessageResource[];
  requests(): RequestLogEntry[];
  addFault(fault: FaultSpec): FaultState;
  clearFaults(): void;
  faults(): FaultState;
  /** Each message created from now on waits this long in the outgoing queue (a backlog); 0: none. */
  setQueueWait(ms: number): void;
  /** Makes chosen messages end undelivered or failed (see delivery-failures.ts). */
  addDeliveryFailure(spec: DeliveryFailureSpec): DeliveryFailureRule[];
  clearDeliveryFailures(): void;
  /** Status callbacks posted so far, oldest first. */
  callbacks(): CallbackLogEntry[];
  /** A phone texts our number: keywords apply, the webhook is called, replies are sent back. */
  receive(spec: InboundSpec): Promise<InboundOutcome>;
  /** The phones that replied STOP (sends to them are refused with 21610). */
  optOuts(): string[];
  /**
   * Points the number's incoming-message webhook elsewhere (tests start the api after the
   * emulator): the one Twilio would call, its Messaging Service's unless that defers to the number.
   * A later reset keeps it.
   */
  setWebhookUrl(url: string | null): void;
  /** The account's number, Messaging Service, A2P campaign and toll-free verification. */
  account(): MessagingAccount;
  /** Changes them, as POST /_emulator/account does (a missing service, a wrong webhook, a pending campaign...). */
  setAccount(patch: AccountPatch): MessagingAccount;
}

const DEFAULT_DELIVERY_STEP_MS = 250;

const ACCOUNT_SID = /^AC[0-9a-fA-F]{32}$/;

export async function startTwilioEmulator(options: TwilioEmulatorOptions): Promise<TwilioEmulator> {
  // The SDK refuses an account SID that does not start with AC; failing here says why sooner.
  if (!ACCOUNT_SID.test(options.accountSid)) throw new Error('accountSid must be AC followed by 32 hex characters');
  if (options.authToken === '') throw new Error('authToken must not be empty');

  const store = createMessageStore();
  const faults = createFaultController();
  const log = createRequestLog();
  const callbacks = createCallbackLog();
  const deliveryFailures = createDeliveryFailures();
  const lifecycle = createDeliveryLifecycle({
    accountSid: options.accountSid,
    authToken: options.authToken,
    stepMs: options.deliveryStepMs ?? DEFAULT_DELIVERY_STEP_MS,
    callbacks,
  });
  const optOuts = createOptOutList();
  const phoneNumber = options.phoneNumber ?? '+15005550006';
  const accountDefaults: AccountDefaults = {
    accountSid: options.accountSid,
    phoneNumber,
    webhookUrl: options.webhookUrl ?? null,
    statusCallbackUrl: options.statusCallbackUrl ?? null,
  };
  let account = readyAccount(accountDefaults);
  const setAccount = (patch: AccountPatch) => {
    patchAccount(account, options.accountSid, accountPatchSchema.parse(patch));
    return account;
  };
  const inbound: InboundContext = {
    accountSid: options.accountSid,
    authToken: options.authToken,
    phoneNumber,
    webhookFor: (to) => inboundWebhookFor(account, to),
    store,
    optOuts,
    lifecycle,
  };
  const reset = () => {
    lifecycle.stopAll();
    optOuts.clear();
    store.clear();
    faults.clear();
    log.clear();
    callbacks.clear();
    deliveryFailures.clear();
    account = readyAccount(accountDefaults);
  };
  const apiContext = { accountSid: options.accountSid, authToken: options.authToken, store, deliveryFailures, lifecycle, optOuts, account: () => account, now: () => new Date() };
  const held = createHeldRequests();

  async function handleApi(req: IncomingMessage, res: ServerResponse, url: URL): Promise<void> {
    const entry: RequestLogEntry = {
      at: new Date().toISOString(),
      method: req.method ?? 'GET',
      path: url.pathname,
      query: url.search,
      status: null,
      fault: null,
    };
    log.add(entry);
    res.on('finish', () => {
      entry.status = res.statusCode;
    });

    // Faults come before authentication: an outage or overloaded edge does not check credentials.
    const fault = faults.take();
    if (fault?.kind === 'respond') {
      entry.fault = fault.fault;
      return sendTwilioError(res, fault.error);
    }
    if (fault?.kind === 'hang') {
      entry.fault = fault.fault;
      held.hold(req.socket, fault.timeoutMs);
      return;
    }
    await handleTwilioApi(req, res, url, apiContext, entry);
  }

  const server = createServer((req, res) => {
    const url = new URL(req.url ?? '/', 'http://emulator.invalid');
    // The dev SMS inbox page (Twilio's own API has nothing at these paths).
    if (req.method === 'GET' && INBOX_PATHS.has(url.pathname)) {
      res.writeHead(200, { 'content-type': 'text/html; charset=utf-8', 'cache-control': 'no-store' });
      res.end(INBOX_HTML);
      return;
    }
    const handled = url.pathname.startsWith('/_emulator/')
      ? handleControl(req, res, url, { store, faults, log, callbacks, deliveryFailures, optOuts, inbound, lifecycle, reset, account: () => account, setAccount })
      : handleApi(req, res, url);
    handled.catch((error: unknown) => {
      if (res.headersSent) return void res.destroy();
      if (error instanceof BodyTooLargeError) return sendJson(res, 413, { error: error.message });
      console.error('twilio emulator: request failed', error);
      sendJson(res, 500, { error: 'emulator error' });
    });
  });

  const host = options.host ?? '127.0.0.1';
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(options.port ?? 0, host, () => {
      server.off('error', reject);
      resolve();
    });
  });
  const { port } = server.address() as AddressInfo;

  return {
    url: options.publicUrl ?? `http://${host}:${port}`,
    accountSid: options.accountSid,
    close: () =>
      new Promise<void>((resolve, reject) => {
        held.releaseAll();
        lifecycle.stopAll();
        server.close((error) => (error ? reject(error) : resolve()));
        // Keep-alive sockets from the SDK would otherwise hold close() open.
        server.closeAllConnections();
      }),
    reset,
    messages: (filter) => store.list(filter),
    requests: () => log.list(),
    addFault: (fault) => faults.add(fault),
    clearFaults: () => faults.clear(),
    faults: () => faults.state(),
    setQueueWait: (ms) => lifecycle.setQueueWait(queueWaitSchema.shape.waitMs.parse(ms)),
    addDeliveryFailure: (spec) => deliveryFailures.add(spec),
    clearDeliveryFailures: () => deliveryFailures.clear(),
    callbacks: () => callbacks.list(),
    receive: (spec) => receiveInbound(inbound, inboundSchema.parse(spec)),
    optOuts: () => optOuts.list(),
    setWebhookUrl: (url) => {
      accountDefaults.webhookUrl = url;
      setEffectiveWebhook(account, url);
    },
    account: () => account,
    setAccount,
  };
}
