import http from 'node:http';
import https from 'node:https';
import type { Duplex } from 'node:stream';
import { Client } from '@hubspot/api-client';
import { createHubSpotHttp, HubSpotTimeoutError, type HubSpotHttp } from './hubspot-http';

export const HUBSPOT_API_BASE = 'https://api.hubapi.com';
export const DEFAULT_HUBSPOT_TIMEOUT_MS = 15_000;

export interface HubSpotClientOptions {
  /** A service key, or a legacy private app's access token (both sent as a bearer token). */
  accessToken: string;
  /** API origin; the dev emulator's URL in dev and tests. Default https://api.hubapi.com. */
  basePath?: string;
  /** Whole-request deadline (connect, send, answer and body). Default 15 s. */
  timeoutMs?: number;
  /** Told the headers of every answer (the daily budget reads HubSpot's daily figures from them). */
  onResponseHeaders?: (headers: Readonly<Record<string, string>>) => void;
}

// The error a request fails with when its deadline passes; the SDK's node:http transport rejects with it (`code: 'ETIMEDOUT'`).
export { HubSpotTimeoutError };

/**
 * The SDK client, and plain HTTP (`http`) for the date-based API versions the SDK does not
 * generate, both from the same options: one token, one base URL, one deadline.
 */
export type HubSpotClient = Client & { readonly http: HubSpotHttp };

/**
 * The SDK (14.0) takes neither an AbortSignal nor a timeout. It sends with the global fetch,
 * except when the request context carries an agent: then it sends with node:http(s) through
 * that agent. So requests get an agent whose sockets destroy themselves when the deadline
 * passes. Keep-alive is off: one socket per request makes the socket's deadline the request's
 * deadline (and no idle pooled socket is ever killed by it).
 */
function deadlineAgent(protocol: string, timeoutMs: number): http.Agent {
  const agent = protocol === 'http:' ? new http.Agent({ keepAlive: false }) : new https.Agent({ keepAlive: false });
  const createConnection = agent.createConnection.bind(agent) as (
    options: http.ClientRequestArgs,
    callback?: (err: Error | null, stream: Duplex) => void,
  ) => Duplex | null | undefined;
  const arm = (socket: Duplex) => {
    const timer = setTimeout(() => socket.destroy(new HubSpotTimeoutError(timeoutMs)), timeoutMs);
    socket.once('close', () => clearTimeout(timer));
  };
  agent.createConnection = (options: http.ClientRequestArgs, callback?: (err: Error | null, stream: Duplex) => void) => {
    const socket = createConnection(options, callback);
    if (socket) arm(socket);
    return socket;
  };
  return agent;
}

/** The parts of the SDK's generated transport types that we touch (each API module has its own copies). */
interface ResponseLike {
  httpStatusCode: number;
  headers: Record<string, string>;
  body: { text(): Promise<string>; binary(): Promise<Buffer> };
}
interface ObservableLike {
  pipe(callback: (value: unknown) => unknown): ObservableLike;
}
interface HttpLibraryLike {
  send(request: { setAgent(agent: http.Agent): void }): ObservableLike;
}
interface ConfigurationLike {
  httpApi: HttpLibraryLike;
}

/**
 * The SDK parses an error body by its content type and throws a plain Error, losing the HTTP
 * status, when it cannot (no content type, e.g. an empty 502 from a proxy, or broken JSON).
 * Relabelling such bodies as text/plain makes it throw its usual ApiException with the status.
 */
async function keepStatusOnUnreadableError(value: unknown): Promise<unknown> {
  const response = value as ResponseLike;
  if (response.httpStatusCode < 400) return response;
  const type = (response.headers['content-type'] ?? '').toLowerCase();
  if (type.startsWith('text/')) return response;
  const text = await response.body.text();
  let readable = type.includes('json');
  if (readable) {
    try {
      JSON.parse(text);
    } catch {
      readable = false;
    }
  }
  if (!readable) response.headers['content-type'] = 'text/plain';
  response.body = { text: async () => text, binary: async () => Buffer.from(text) };
  return response;
}

function boundedTransport(original: HttpLibraryLike, agent: http.Agent, onHeaders?: (headers: Readonly<Record<string, string>>) => void): HttpLibraryLike {
  return {
    send(request) {
      request.setAgent(agent);
      return original.send(request).pipe((value) => {
        onHeaders?.((value as ResponseLike).headers);
        return keepStatusOnUnreadableError(value);
      });
    },
  };
}

/**
 * Puts our transport under every CRM API of one client. In 14.0 (as in 13.5) the generated APIs ignore the
 * configuration-level `middleware` (and so `httpAgent`, which is applied as middleware): only
 * per-call options reach the request. What every call does use is its module configuration's
 * `httpApi`, one per discovery (contacts, deals, associations.v4, ...), shared by its
 * basic/batch/search APIs. So we visit the `crm` tree once, creating the lazy discoveries,
 * and wrap each `httpApi`. Returns how many transports were wrapped.
 */
function boundCrmTransports(crm: object, agent: http.Agent, onHeaders?: (headers: Readonly<Record<string, string>>) => void): number {
  const seen = new WeakSet<object>();
  let wrapped = 0;
  const visit = (node: unknown, depth: number): void => {
    if (!node || typeof node !== 'object' || seen.has(node) || depth > 4) return;
    seen.add(node);
    const configuration = (node as { api?: { configuration?: ConfigurationLike } }).api?.configuration;
    if (configuration?.httpApi) {
      if (!seen.has(configuration)) {
        seen.add(configuration);
        configuration.httpApi = boundedTransport(configuration.httpApi, agent, onHeaders);
        wrapped++;
      }
      return;
    }
    const record = node as Record<string, unknown>;
    // Own properties hold the APIs (basicApi, batchApi, ...); getters create sub-discoveries (v4, invoices, notes).
    for (const key of Object.keys(record)) if (!key.startsWith('_') && key !== 'config') visit(record[key], depth + 1);
    const proto: unknown = Object.getPrototypeOf(node);
    if (proto && proto !== Object.prototype) {
      for (const [key, descriptor] of Object.entries(Object.getOwnPropertyDescriptors(proto))) {
        if (descriptor.get) visit(record[key], depth + 1);
      }
    }
  };
  visit(crm, 0);
  return wrapped;
}

/**
 * A HubSpot SDK client with the SDK's own retries off: retrying belongs to BullMQ (backoff,
 * Retry-After, attempts), and the SDK's retry settings are process-global and count attempts.
 * Note the SDK keeps its decorators (retry, limiter) in a process-wide singleton that the
 * last constructed Client sets, so every Client in the worker should come from here.
 * Only `client.crm` and `client.files` are bounded by the timeout; the worker uses nothing else. `http` sends the
 * date-versioned calls (hubspot-versions.ts) with the same token, base URL and deadline.
 */
export function createHubSpotClient(options: HubSpotClientOptions): HubSpotClient {
  const basePath = (options.basePath ?? HUBSPOT_API_BASE).replace(/\/+$/, '');
  const timeoutMs = options.timeoutMs ?? DEFAULT_HUBSPOT_TIMEOUT_MS;
  const client = new Client({ accessToken: options.accessToken, basePath, numberOfApiCallRetries: 0 });
  const agent = deadlineAgent(new URL(basePath).protocol, timeoutMs);
  const wrapped = boundCrmTransports(client.crm, agent, options.onResponseHeaders);
  if (wrapped === 0) throw new Error('@hubspot/api-client changed shape: no CRM transport found to bound with a timeout');
  // The Files API (visit photos, docs/cleaner-day.md) gets the same deadline and headers.
  if (boundCrmTransports(client.files, agent, options.onResponseHeaders) === 0) throw new Error('@hubspot/api-client changed shape: no Files transport found to bound with a timeout');
  return Object.assign(client, { http: createHubSpotHttp({ accessToken: options.accessToken, basePath, timeoutMs, onResponseHeaders: options.onResponseHeaders }) });
}

export type HubSpotFailure =
  /** 429: wait this long before the next call (the whole queue should slow down). */
  | { kind: 'rate-limited'; retryAfterMs: number }
  /** 429 with policyName DAILY: the account's daily limit is spent until its next midnight. */
  | { kind: 'daily-limit'; message: string }
  /** Worth retrying with backoff: 5xx, 408/423, timeouts, refused or reset connections. */
  | { kind: 'transient'; reason: string }
  /** 409: the object (same e-mail or app_request_id) already exists; jobs look it up instead. */
  | { kind: 'conflict'; message: string; existingId?: string }
  /** Retrying cannot fix it (400, 401, 403, 404, ...): an UnrecoverableError for BullMQ. */
  | { kind: 'permanent'; status: number; message: string };

const NETWORK_CODES = new Set([
  'ETIMEDOUT',
  'ECONNREFUSED',
  'ECONNRESET',
  'ECONNABORTED',
  'EPIPE',
  'EHOSTUNREACH',
  'ENETUNREACH',
  'ENETDOWN',
  'ENOTFOUND',
  'EAI_AGAIN',
  'ESOCKETTIMEDOUT',
  'UND_ERR_SOCKET',
  'UND_ERR_CONNECT_TIMEOUT',
]);

const DEFAULT_RATE_LIMIT_WAIT_MS = 10_000;

function header(headers: unknown, name: string): string | undefined {
  if (!headers || typeof headers !== 'object') return undefined;
  const wanted = name.toLowerCase();
  for (const [key, value] of Object.entries(headers as Record<string, unknown>)) {
    if (key.toLowerCase() === wanted && value != null) return String(value);
  }
  return undefined;
}

/** Retry-After in seconds or as an HTTP date; else the rate-limit window; else HubSpot's ten seconds. */
function retryAfterMs(headers: unknown, now: number): number {
  const retryAfter = header(headers, 'retry-after')?.trim();
  if (retryAfter) {
    if (/^\d+(\.\d+)?$/.test(retryAfter)) return Math.max(1, Math.round(Number(retryAfter) * 1000));
    const at = Date.parse(retryAfter);
    if (Number.isFinite(at)) return Math.max(1, at - now);
  }
  const interval = Number(header(headers, 'x-hubspot-ratelimit-interval-milliseconds'));
  return Number.isFinite(interval) && interval > 0 ? interval : DEFAULT_RATE_LIMIT_WAIT_MS;
}

function bodyMessage(body: unknown): string | undefined {
  if (body && typeof body === 'object' && 'message' in body && typeof body.message === 'string') return body.message;
  if (typeof body === 'string' && body.trim() !== '') return body.trim().slice(0, 500);
  return undefined;
}

function field(error: unknown, name: string): unknown {
  return error && typeof error === 'object' ? (error as Record<string, unknown>)[name] : undefined;
}

/**
 * Sorts a failed SDK call into what a job should do about it. HTTP failures arrive as the
 * SDK's ApiException (one class per API module, so matched by shape: numeric `code`, `body`,
 * `headers`); transport failures as node:http's system errors (`code`), or, from the plain
 * HTTP of the date versions, as fetch's TypeError with the system error as its `cause`.
 */
export function classifyHubSpotError(error: unknown, now = Date.now()): HubSpotFailure {
  const code = field(error, 'code');
  if (typeof code === 'number' && field(error, 'headers') !== undefined) {
    const body = field(error, 'body');
    const message = bodyMessage(body) ?? `HubSpot answered HTTP ${code}`;
    if (code === 429 && field(body, 'policyName') === 'DAILY') return { kind: 'daily-limit', message };
    if (code === 429) return { kind: 'rate-limited', retryAfterMs: retryAfterMs(field(error, 'headers'), now) };
    if (code === 409) {
      const existingId = /Existing ID:\s*(\d+)/i.exec(message)?.[1];
      return { kind: 'conflict', message, ...(existingId ? { existingId } : {}) };
    }
    if (code >= 500 || code === 408 || code === 423 || code === 0) return { kind: 'transient', reason: `HTTP ${code}: ${message}` };
    return { kind: 'permanent', status: code, message };
  }

  // Transport failures, possibly wrapped (fetch puts the system error in `cause`).
  for (let current: unknown = error, depth = 0; current && depth < 5; current = field(current, 'cause'), depth++) {
    const systemCode = field(current, 'code');
    if (current instanceof HubSpotTimeoutError || systemCode === 'ETIMEDOUT') {
      return { kind: 'transient', reason: `timeout: ${(current as Error).message}` };
    }
    if (typeof systemCode === 'string' && NETWORK_CODES.has(systemCode)) {
      return { kind: 'transient', reason: `${systemCode}: ${(current as Error).message}` };
    }
  }

  const message = error instanceof Error ? error.message : String(error);
  // The SDK's own argument check: a bug in our call, never fixed by retrying.
  if (field(error, 'name') === 'RequiredError') return { kind: 'permanent', status: 0, message };
  // Anything else unknown is retried: attempts are bounded, and the job stays visible if they run out.
  return { kind: 'transient', reason: `unrecognised error: ${message}` };
}
