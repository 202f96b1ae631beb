import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { handleTwilioApi, sendTwilioError } from './api-routes';
import { handleControl } from './control-routes';
import { createFaultController, type FaultSpec, type FaultState } from './faults';
import { createHeldRequests } from './held-requests';
import { BodyTooLargeError, sendJson } from './http-io';
import { INBOX_HTML, INBOX_PATHS } from './inbox-page';
import type { TwilioMessageResource } from './message-resource';
import { createMessageStore } from './message-store';
import { createRequestLog, type RequestLogEntry } from './request-log';

export interface TwilioEmulatorOptions {
  /** 0 picks any free port (tests). */
  port?: number;
  host?: '127.0.0.1';
  accountSid: string;
  authToken: string;
}

/** The in-process twin of the /_emulator/ control API. */
export interface TwilioEmulator {
  /** Origin the SDK is rewritten onto, e.g. http://127.0.0.1:4020 (no trailing slash). */
  url: string;
  accountSid: string;
  close(): Promise<void>;
  /** Forgets messages, the request log and every fault. */
  reset(): void;
  /** Newest first; `to` compares digits only. */
  messages(filter?: { to?: string }): TwilioMessageResource[];
  requests(): RequestLogEntry[];
  addFault(fault: FaultSpec): FaultState;
  clearFaults(): void;
  faults(): FaultState;
}

const ACCOUNT_SID = /^AC[0-9a-fA-F]{32}$/;

export async function startTwilioEmulator(options: TwilioEmulatorOptions): Promise<TwilioEmulator> {
  // The SDK refuses an account SID that does not start with AC; failing here says why sooner.
  if (!ACCOUNT_SID.test(options.accountSid)) throw new Error('accountSid must be AC followed by 32 hex characters');
  if (options.authToken === '') throw new Error('authToken must not be empty');

  const store = createMessageStore();
  const faults = createFaultController();
  const log = createRequestLog();
  const reset = () => {
    store.clear();
    faults.clear();
    log.clear();
  };
  const apiContext = { accountSid: options.accountSid, authToken: options.authToken, store, now: () => new Date() };
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
    await handleTwilioApi(req, res, url, apiContext);
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
      ? handleControl(req, res, url, { store, faults, log, reset })
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
    url: `http://${host}:${port}`,
    accountSid: options.accountSid,
    close: () =>
      new Promise<void>((resolve, reject) => {
        held.releaseAll();
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
  };
}
