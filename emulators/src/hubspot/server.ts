import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { ZodError } from 'zod';
import { registerAssociationRoutes } from './associations';
import { registerBatchRoutes } from './batch-routes';
import { registerControlRoutes } from './control-routes';
import { EmulatorCore, type EmulatorConfig, type ObjectWithAssociations, type TokenKind } from './core';
import type { DealPatch, InvoiceInput, OwnerInput, RecordInput, TicketPatch } from './control';
import { badRequest, HubSpotError, missingScopes, newCorrelationId, unauthorized } from './errors';
import type { FaultInput, FaultState, PendingFault } from './faults';
import type { Association, Owner } from './model';
import { registerFileRoutes } from './files-routes';
import type { StoredFile } from './files';
import { isMultipart, readMultipart } from './multipart';
import { registerObjectRoutes } from './objects-routes';
import { registerOwnerRoutes } from './owners-routes';
import { registerPipelineRoutes } from './pipelines-routes';
import { registerPropertyRoutes } from './properties-routes';
import { dailyLimitBody, rateLimitBody, secondlyLimitBody, type DailyLimitConfig, type RateLimitConfig } from './rate-limit';
import type { RequestLogEntry } from './request-log';
import { readJson, Router, type Reply } from './routing';
import { requiredScopes } from './scopes';
import { registerTokenInfoRoute } from './token-info';

export interface HubSpotEmulatorOptions {
  /** 0 (the default) picks any free port. */
  port?: number;
  /** Address to listen on; default 127.0.0.1 (0.0.0.0 in a container). */
  host?: string;
  /** The URL clients reach it at, when that is not the listen address (a container's). */
  publicUrl?: string;
  /** The token every CRM call must send as `Authorization: Bearer <token>`. */
  accessToken: string;
  /** What that token is: a legacy private app's (default) or a service key (token-info does not know it). */
  tokenKind?: TokenKind;
  /** Rolling window per token; default 100 calls per 10 000 ms like a HubSpot private app. */
  rateLimit?: RateLimitConfig;
  /** Search's own limit per token, on top of `rateLimit`; default 4 calls per 1 000 ms like HubSpot's. */
  searchRateLimit?: RateLimitConfig;
  /** The account's daily limit (all tokens); default 250,000 a day, reset at midnight America/New_York, with the daily headers. */
  dailyLimit?: DailyLimitConfig;
  /** JSON file the state is loaded from at start and written to after changes. */
  stateFile?: string;
  /**
   * Start (on a fresh start or reset) as a new HubSpot account: HubSpot's default properties,
   * pipelines and one owner (the super admin), nothing of ours. Default false: the "ready"
   * account, set up as `shared/src/crm-schema.ts` asks, with the cleaners and the catalogue.
   */
  blank?: boolean;
  /** How far search trails writes, in ms (default 0: search sees every write at once). */
  indexLagMs?: number;
  /** The token's scopes; default every scope of CRM_REQUIRED_SCOPES plus the read scopes their write scopes imply. */
  scopes?: readonly string[];
  /**
   * First id handed out (default 1001). HubSpot ids are unique across an account; tests that
   * run several emulators against one database start them apart, as a real account would be.
   */
  firstObjectId?: number;
  /** The largest file an upload takes (default 300 MiB; see README.md, "Files"). */
  fileMaxBytes?: number;
}

/** A running emulator. The methods mirror the HTTP control API under /_emulator. */
export interface HubSpotEmulator {
  /** e.g. http://127.0.0.1:4010 — the SDK's basePath. */
  url: string;
  port: number;
  close(): Promise<void>;
  /** The starting account again (blank or ready); clears faults, the request log, rate-limit counters and the search index. Config stays. */
  reset(): void;
  /** Live objects of a type ('deals', 'contacts', ...) with the ids they are associated to. */
  objects(type: string, includeArchived?: boolean): ObjectWithAssociations[];
  associations(): Association[];
  /** Active owners; with `true`, archived (deactivated) ones too. */
  owners(includeArchived?: boolean): Owner[];
  requests(since?: number): RequestLogEntry[];
  clearRequests(): void;
  faults: {
    add(fault: FaultInput): void;
    outage(seconds: number): void;
    next(count: number, fault: { status: 429 | 500 | 502 | 503 | 400; retryAfterSeconds?: number; body?: 'json' | 'html' | 'empty' } | { timeoutMs: number }): void;
    /** The next `count` batch writes with an input whose `property` is one of `values` answer 207, those inputs not applied. */
    failBatchInputs(rule: { count: number; property: string; values: string[]; objectType?: string; category?: string; message?: string }): void;
    clear(): void;
    state(): FaultState;
  };
  rateLimit: { get(): RateLimitConfig; set(config: RateLimitConfig): void };
  /** Counts `count` requests of another integration of the account against today's limit; answers today's use. */
  useDailyRequests(count: number): number;
  /** Ends the account's day now, as its midnight would: the daily count starts again. */
  startNewDay(): void;
  /** Rate limits, search index lag, scopes and token kind, as PUT /_emulator/config changes them. */
  config: { get(): EmulatorConfig; set(patch: Partial<EmulatorConfig>): EmulatorConfig };
  updateDeal(id: string, patch: DealPatch): ObjectWithAssociations;
  attachInvoice(dealId: string, input: InvoiceInput): ObjectWithAssociations;
  /** The buyer pays an open invoice in full, as HubSpot payments takes it. */
  payInvoice(id: string): ObjectWithAssociations;
  /** Someone voids an invoice in HubSpot. */
  voidInvoice(id: string): ObjectWithAssociations;
  updateTicket(id: string, patch: TicketPatch): ObjectWithAssociations;
  /** A record made in HubSpot's UI (a company, a note or task on a contact), with default associations. */
  createRecord(type: string, input: RecordInput): ObjectWithAssociations;
  /** A record edited in HubSpot's UI. */
  editRecord(type: string, id: string, properties: Record<string, string | null>): ObjectWithAssociations;
  addOwner(input: OwnerInput): Owner;
  archiveOwner(id: string): Owner;
  archiveObject(type: string, id: string): ObjectWithAssociations;
  merge(type: string, primaryObjectId: string, objectIdToMerge: string): ObjectWithAssociations;
  /** Every uploaded file's metadata, deleted ones too (not the bytes). */
  files(): Omit<StoredFile, 'bytes'>[];
  /** An uploaded file's bytes, or undefined for an unknown id. */
  fileContent(id: string): Buffer | undefined;
  /** Writes the state file now (when there is one). */
  flush(): Promise<void>;
}

const JSON_TYPE = 'application/json;charset=utf-8';

function send(res: ServerResponse, correlationId: string, reply: Reply, extraHeaders: Record<string, string> = {}): void {
  const headers: Record<string, string> = { ...extraHeaders, ...reply.headers, 'X-HubSpot-Correlation-Id': correlationId };
  if (reply.raw) {
    res.writeHead(reply.status, { ...headers, 'Content-Type': reply.raw.contentType });
    res.end(reply.raw.data);
    return;
  }
  if (reply.status === 204 || reply.body === undefined) {
    res.writeHead(reply.status, headers);
    res.end();
    return;
  }
  res.writeHead(reply.status, { ...headers, 'Content-Type': JSON_TYPE });
  res.end(JSON.stringify(reply.body));
}

function errorReply(error: unknown, correlationId: string): Reply {
  if (error instanceof HubSpotError) return { status: error.status, body: error.body(correlationId), headers: error.headers };
  if (error instanceof ZodError) {
    const issue = error.issues[0];
    return errorReply(badRequest(`Invalid input: ${issue?.path.join('.') ?? ''} ${issue?.message ?? ''}`.trim()), correlationId);
  }
  console.error('hubspot emulator: unexpected error', error);
  return {
    status: 500,
    body: { status: 'error', message: 'internal error', correlationId, category: 'INTERNAL_ERROR' },
  };
}

function faultReply(fault: Extract<PendingFault, { kind: 'status' }>, correlationId: string): Reply {
  const headers: Record<string, string> = {};
  if (fault.retryAfterSeconds !== undefined) headers['Retry-After'] = String(fault.retryAfterSeconds);
  if (fault.body === 'empty') return { status: fault.status, headers };
  if (fault.body === 'html') {
    return {
      status: fault.status,
      headers,
      raw: { contentType: 'text/html', data: `<html><body><h1>${fault.status} Bad Gateway</h1></body></html>` },
    };
  }
  if (fault.status === 429) return { status: 429, headers, body: rateLimitBody(correlationId) };
  const category = fault.status === 400 ? 'VALIDATION_ERROR' : fault.status === 503 ? 'SERVICE_UNAVAILABLE' : 'INTERNAL_ERROR';
  return {
    status: fault.status,
    headers,
    body: { status: 'error', message: `Injected ${fault.status} from the HubSpot emulator`, correlationId, category },
  };
}

function bearer(req: IncomingMessage): string | undefined {
  const match = /^Bearer\s+(.+)$/i.exec(req.headers.authorization ?? '');
  return match?.[1]?.trim();
}

export async function startHubSpotEmulator(options: HubSpotEmulatorOptions): Promise<HubSpotEmulator> {
  const core = new EmulatorCore(options);
  const crm = new Router();
  registerBatchRoutes(crm, core);
  registerObjectRoutes(crm, core);
  registerAssociationRoutes(crm, core.store);
  registerOwnerRoutes(crm, core.store);
  registerPipelineRoutes(crm, core.store);
  registerPropertyRoutes(crm, core.store);
  registerTokenInfoRoute(crm, core);
  registerFileRoutes(crm, core);
  const control = new Router();
  registerControlRoutes(control, core);
  const held = new Set<NodeJS.Timeout>();

  async function route(router: Router, req: IncomingMessage, url: URL): Promise<Reply> {
    const { handler, params } = router.match(req.method ?? 'GET', url.pathname);
    // An upload's multipart body may hold a file up to the upload limit, plus its form fields.
    const body = isMultipart(req.headers['content-type']) ? await readMultipart(req, core.files.maxBytes + 64 * 1024) : await readJson(req);
    return handler({ params, query: url.searchParams, body });
  }

  async function handleCrm(req: IncomingMessage, res: ServerResponse, url: URL, correlationId: string): Promise<void> {
    const entry: RequestLogEntry = { method: req.method ?? 'GET', path: url.pathname, query: url.search, status: 0, at: Date.now() };
    core.log.add(entry);
    const reply = (r: Reply, headers?: Record<string, string>) => {
      entry.status = r.status;
      send(res, correlationId, r, headers);
    };

    const outageMs = core.faults.outageLeftMs();
    if (outageMs > 0) {
      entry.fault = 'outage';
      return reply({
        status: 503,
        headers: { 'Retry-After': String(Math.ceil(outageMs / 1000)) },
        body: { status: 'error', message: 'HubSpot is unavailable (emulated outage)', correlationId, category: 'SERVICE_UNAVAILABLE' },
      });
    }
    const fault = core.faults.take();
    if (fault?.kind === 'timeout') {
      // Hold the request, answer nothing, then drop the connection: a hung upstream.
      entry.fault = 'timeout';
      const timer = setTimeout(() => {
        held.delete(timer);
        req.socket.destroy();
      }, fault.timeoutMs);
      held.add(timer);
      return;
    }
    if (fault) {
      entry.fault = 'status';
      return reply(faultReply(fault, correlationId));
    }

    // The token-info endpoint takes the token in its body, not as a bearer.
    const tokenInfo = url.pathname.startsWith('/oauth/');
    const token = tokenInfo ? 'token-info' : bearer(req);
    if (!tokenInfo && token !== options.accessToken) return reply(errorReply(unauthorized(), correlationId));

    const limit = core.limiter.take(token ?? '');
    if (!limit.allowed) return reply({ status: 429, body: rateLimitBody(correlationId) }, limit.headers);
    // The account's day: a call it refuses does not use the 10-second budget either.
    const daily = core.dailyLimiter.take();
    const headers = { ...limit.headers, ...daily.headers };
    if (!daily.allowed) {
      core.limiter.release(token ?? '');
      return reply({ status: 429, body: dailyLimitBody(correlationId) }, headers);
    }
    // Search has its own per-second limit; a search it refuses does not use the general budget.
    if (req.method === 'POST' && /\/search\/?$/.test(url.pathname) && !core.searchLimiter.take(token ?? '').allowed) {
      core.limiter.release(token ?? '');
      core.dailyLimiter.release();
      return reply({ status: 429, headers: { 'Retry-After': '1' }, body: secondlyLimitBody(correlationId) });
    }
    try {
      const scopes = requiredScopes(req.method ?? 'GET', url.pathname);
      if (scopes && !scopes.some((s) => core.scopes.has(s))) throw missingScopes(scopes);
      reply(await route(crm, req, url), headers);
    } catch (error) {
      reply(errorReply(error, correlationId), headers);
    }
  }

  const server = createServer((req, res) => {
    const url = new URL(req.url ?? '/', 'http://emulator');
    const correlationId = newCorrelationId();
    if (url.pathname === '/_emulator' || url.pathname.startsWith('/_emulator/')) {
      route(control, req, url).then(
        (r) => send(res, correlationId, r),
        (error: unknown) => send(res, correlationId, errorReply(error, correlationId)),
      );
      return;
    }
    handleCrm(req, res, url, correlationId).catch((error: unknown) => {
      if (!res.headersSent) send(res, correlationId, errorReply(error, correlationId));
    });
  });

  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(options.port ?? 0, options.host ?? '127.0.0.1', () => {
      server.off('error', reject);
      resolve();
    });
  });
  const { port } = server.address() as AddressInfo;
  const url = options.publicUrl ?? `http://${options.host ?? '127.0.0.1'}:${port}`;
  core.baseUrl = url;
  core.store.linkBase = url;

  let closed: Promise<void> | undefined;
  return {
    url,
    port,
    close() {
      closed ??= (async () => {
        for (const timer of held) clearTimeout(timer);
        held.clear();
        const stopped = new Promise<void>((resolve) => server.close(() => resolve()));
        server.closeAllConnections();
        await stopped;
        await core.stateFile?.flush();
      })();
      return closed;
    },
    reset: () => core.reset(),
    objects: (type, includeArchived) => core.objects(type, includeArchived),
    associations: () => core.associations(),
    owners: (includeArchived) => core.owners(includeArchived),
    requests: (since) => core.log.list(since),
    clearRequests: () => core.log.clear(),
    faults: {
      add: (fault) => core.faults.add(fault),
      outage: (seconds) => core.faults.add({ type: 'outage', seconds }),
      next: (count, fault) => core.faults.add({ type: 'next', count, ...fault }),
      failBatchInputs: (rule) => core.faults.add({ type: 'batch-input-failures', ...rule }),
      clear: () => core.faults.clear(),
      state: () => core.faults.state(),
    },
    rateLimit: { get: () => core.limiter.current, set: (config) => void core.setConfig({ rateLimit: config }) },
    useDailyRequests: (count) => core.dailyLimiter.use(count),
    startNewDay: () => core.dailyLimiter.newDay(),
    config: { get: () => core.config(), set: (patch) => core.setConfig(patch) },
    updateDeal: (id, patch) => core.updateDeal(id, patch),
    attachInvoice: (dealId, input) => core.attachInvoice(dealId, input),
    payInvoice: (id) => core.payInvoice(id),
    voidInvoice: (id) => core.voidInvoice(id),
    updateTicket: (id, patch) => core.updateTicket(id, patch),
    createRecord: (type, input) => core.createRecord(type, input),
    editRecord: (type, id, properties) => core.editRecord(type, id, properties),
    addOwner: (input) => core.addOwner(input),
    archiveOwner: (id) => core.archiveOwner(id),
    archiveObject: (type, id) => core.archiveObject(type, id),
    merge: (type, primaryObjectId, objectIdToMerge) => core.merge(type, primaryObjectId, objectIdToMerge),
    files: () => core.files.all().map(({ bytes: _bytes, ...meta }) => meta),
    fileContent: (id) => {
      const file = core.files.find(id);
      return file ? Buffer.from(file.bytes, 'base64') : undefined;
    },
    flush: async () => {
      await core.stateFile?.flush();
    },
  };
}
