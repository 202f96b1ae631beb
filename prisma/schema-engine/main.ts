// A stand-in for Prisma's native schema engine binary, which Prisma 7's CLI downloads from a host
// this project cannot reach (docs/decisions/prisma-schema-engine.md). prisma.config.ts points the
// CLI at it (PRISMA_SCHEMA_ENGINE_BINARY); the CLI starts it the way it starts the binary:
//
//   schema-engine --version
//   schema-engine --datasource '{"url":…}' cli can-connect-to-database|create-database|drop-database
//   schema-engine --datamodels <file>… --datasource '{"url":…,"shadowDatabaseUrl":…}'
//
// and in the last form talks JSON-RPC 2.0 with it, one message a line on stdin/stdout, until it
// closes stdin. Each request is answered by Prisma's WebAssembly schema engine over
// @prisma/adapter-pg (adapter.ts): the same engine code as the binary's, built for WebAssembly.
import { readFileSync } from 'node:fs';
import readline from 'node:readline';
import { bindMigrationAwareSqlAdapterFactory } from '@prisma/driver-adapter-utils';
import { MigrationAdapterFactory, maintenanceUrl, quoted, runStatement } from './adapter';
import { openWasmEngine, panicMessage, wasmEngineVersion, type WasmSchemaEngine } from './wasm';

interface Arguments {
  datamodels: string[];
  datasource: { url?: string; shadowDatabaseUrl?: string };
  cliCommand: string | undefined;
  version: boolean;
}

function parseArguments(argv: string[]): Arguments {
  const parsed: Arguments = { datamodels: [], datasource: {}, cliCommand: undefined, version: false };
  for (let i = 0; i < argv.length; i++) {
    const arg = argv[i];
    if (arg === '--version' || arg === '-V') parsed.version = true;
    else if (arg === '--datamodels') parsed.datamodels.push(argv[++i] ?? '');
    else if (arg === '--datasource') parsed.datasource = JSON.parse(argv[++i] ?? '{}') as Arguments['datasource'];
    else if (arg === 'cli') parsed.cliCommand = argv[++i];
    // --enabled-preview-features, --extension-types: nothing this schema uses.
    else if (arg?.startsWith('--')) i++;
  }
  return parsed;
}

// --- `cli` commands ------------------------------------------------------------------------------
// The CLI reads their failure from stderr: a first line it skips, then JSON log lines, of which
// it reports the ERROR one's `error_code` and `message` (P1003 makes `migrate dev` offer to create
// the database).

interface UserFacingError {
  code: string | undefined;
  message: string;
}

function userFacing(error: unknown, url: string): UserFacingError {
  const { code, message } = error as { code?: string; message?: string };
  const target = new URL(url);
  const database = decodeURIComponent(target.pathname.slice(1));
  const server = `${target.hostname}:${target.port || '5432'}`;
  switch (code) {
    case '3D000':
      return { code: 'P1003', message: `Database \`${database}\` does not exist on the database server at \`${server}\`.` };
    case '42P04':
      return { code: 'P1009', message: `Database \`${database}\` already exists on the database server at \`${server}\`` };
    case '28P01':
    case '28000':
      return { code: 'P1000', message: `Authentication failed against database server at \`${target.hostname}\`: ${message}` };
    case 'ECONNREFUSED':
    case 'ENOTFOUND':
    case 'ETIMEDOUT':
    case 'EHOSTUNREACH':
      return { code: 'P1001', message: `Can't reach database server at \`${server}\`` };
    default:
      return { code: undefined, message: message ?? String(error) };
  }
}

async function runCliCommand(command: string, url: string): Promise<void> {
  const { url: maintenance, database } = maintenanceUrl(url);
  switch (command) {
    case 'can-connect-to-database':
      return runStatement(url, 'SELECT 1');
    case 'create-database':
      return runStatement(maintenance, `CREATE DATABASE ${quoted(database)}`);
    case 'drop-database':
      return runStatement(maintenance, `DROP DATABASE ${quoted(database)}`);
    default:
      throw new Error(`unknown cli command: ${command}`);
  }
}

function logLine(level: 'ERROR' | 'INFO', fields: Record<string, unknown>): string {
  return JSON.stringify({ timestamp: new Date().toISOString(), level, fields, target: 'schema_engine::logger' });
}

// --- JSON-RPC ---------------------------------------------------------------------------------------

interface Request {
  id: number | string;
  method?: string;
  params?: unknown;
}

type Send = (message: object) => void;

/** RPC methods of the binary that the WebAssembly engine names otherwise. */
const RENAMED: Record<string, string> = { getDatabaseVersion: 'version' };

function isPanic(error: unknown): boolean {
  return panicMessage(error) !== undefined;
}

// A panic is reported as an ordinary error, not flagged `is_panic`: the CLI, outside a terminal,
// ends silently and with status 0 on a panic it cannot offer to report.
function rpcError(error: unknown): object {
  const panic = panicMessage(error);
  if (panic !== undefined) {
    const message = `The schema engine panicked: ${panic}`;
    return { code: -32000, message, data: { is_panic: false, message } };
  }
  const { message = String(error), code, meta } = error as { message?: string; code?: unknown; meta?: unknown };
  return { code: 4466, message, data: { is_panic: false, message, ...(typeof code === 'string' && { error_code: code, meta }) } };
}

// WORKAROUND 4 — the engine's shadow database outlives only a devDiagnostic. `evaluateDataLoss`
// (and so `migrate dev`) fails with "PostgreSQL shadow DB must be provided through an external
// factory" unless a devDiagnostic ran on the same engine since it started or last applied
// migrations: `migrate dev` on a database with pending migrations applies them, then evaluates.
// We run that devDiagnostic first when it is due; it only reads (the main database, and a shadow
// database of its own).
const NEED_SHADOW = new Set(['evaluateDataLoss', 'createMigration']);
const KEEP_SHADOW = new Set([...NEED_SHADOW, 'devDiagnostic', 'getDatabaseVersion']);

interface ShadowInputs {
  migrationsList?: unknown;
  filters?: unknown;
}

/** Answers one request with `engine`; `send` writes a message of our own to the CLI. */
function answerer(engine: WasmSchemaEngine, url: string, send: Send): (request: Request) => Promise<unknown> {
  let shadowReady = false;
  return async (request) => {
    const method = request.method ?? '';
    if (method === 'createDatabase') {
      const { url: maintenance, database } = maintenanceUrl(url);
      await runStatement(maintenance, `CREATE DATABASE ${quoted(database)}`);
      return { databaseName: database };
    }
    const name = RENAMED[method] ?? method;
    const call = (engine as unknown as Record<string, unknown>)[name];
    if (typeof call !== 'function' || name === 'free' || name.startsWith('_')) {
      throw new Error(`the WebAssembly schema engine has no method ${method}`);
    }
    if (NEED_SHADOW.has(method) && !shadowReady) {
      const { migrationsList, filters } = (request.params ?? {}) as ShadowInputs;
      await engine.devDiagnostic({ migrationsList, filters } as Parameters<WasmSchemaEngine['devDiagnostic']>[0]);
    }
    const result = (await (call as (params: unknown) => Promise<unknown>).call(engine, request.params)) ?? null;
    shadowReady = KEEP_SHADOW.has(method) && (shadowReady || method === 'devDiagnostic' || NEED_SHADOW.has(method));
    // `migrate diff` output: the binary prints it through the CLI; the WebAssembly engine returns it.
    if (result && typeof result === 'object' && 'stdout' in result) {
      const { stdout, ...rest } = result as { stdout?: string };
      if (stdout) send({ jsonrpc: '2.0', id: `print-${request.id}`, method: 'print', params: { content: stdout.replace(/\n$/, '') } });
      return rest;
    }
    return result;
  };
}

async function serve(args: Arguments, url: string): Promise<void> {
  const send: Send = (message) => process.stdout.write(`${JSON.stringify(message)}\n`);
  const factory = new MigrationAdapterFactory(url, args.datasource.shadowDatabaseUrl || undefined);
  const datamodels = args.datamodels.map((file): [string, string] => [file, readFileSync(file, 'utf8')]);
  // The engine's tracing goes to stderr, where the CLI keeps it for its debug output.
  const engine = await openWasmEngine(datamodels, (line) => process.stderr.write(`${line}\n`), bindMigrationAwareSqlAdapterFactory(factory));
  const answer = answerer(engine, url, send);

  let finished = false;
  const finish = async (code: number) => {
    if (finished) return;
    finished = true;
    await factory.dropLeftShadowDatabases();
    process.exitCode = code;
    // The pools the engine did not dispose of would keep the process alive.
    process.stdout.end(() => process.exit(code));
  };
  // What would end the process unanswered (a panic inside a callback of the engine's) ends it with
  // the message in an ERROR line on stderr and status 1.
  // The request in flight is answered with the error first: the CLI, waiting on it, may otherwise
  // end before it notices that this process has (silently, with status 0).
  let inFlight: Request | undefined;
  const crash = (error: unknown) => {
    const message = panicMessage(error) ?? (error instanceof Error ? (error.stack ?? error.message) : String(error));
    process.stderr.write(`${logLine('ERROR', { message })}\n`);
    if (inFlight) send({ jsonrpc: '2.0', id: inFlight.id, error: rpcError(error) });
    inFlight = undefined;
    void finish(1);
  };
  process.on('uncaughtException', crash);
  process.on('unhandledRejection', crash);
  // The CLI stops the binary by closing stdin, and kills it right after.
  for (const signal of ['SIGTERM', 'SIGINT'] as const) process.once(signal, () => void finish(0));

  // One request at a time, in order: the engine is not reentrant.
  let queue = Promise.resolve();
  const lines = readline.createInterface({ input: process.stdin, crlfDelay: Infinity });
  lines.on('line', (line) => {
    if (!line.trim()) return;
    const request = JSON.parse(line) as Request;
    // The CLI's replies to our `print` requests.
    if (request.method === undefined) return;
    queue = queue.then(async () => {
      inFlight = request;
      try {
        send({ jsonrpc: '2.0', id: request.id, result: await answer(request) });
      } catch (error) {
        send({ jsonrpc: '2.0', id: request.id, error: rpcError(error) });
        // A panicked engine is unusable: end, as the binary does.
        if (isPanic(error)) await finish(1);
      } finally {
        inFlight = undefined;
      }
    });
  });
  lines.on('close', () => {
    void queue.then(() => finish(0));
  });
}

export async function main(argv: string[]): Promise<void> {
  const args = parseArguments(argv);
  if (args.version) {
    process.stdout.write(`schema-engine-wasm ${wasmEngineVersion()}\n`);
    return;
  }
  const url = args.datasource.url;
  if (!url) throw new Error('schema-engine: --datasource with a url is required');
  if (args.cliCommand) {
    try {
      await runCliCommand(args.cliCommand, url);
    } catch (error) {
      const { code, message } = userFacing(error, url);
      process.stderr.write(`schema-engine: ${args.cliCommand} failed\n${logLine('ERROR', { message, ...(code && { error_code: code }) })}`);
      process.exitCode = 1;
    }
    return;
  }
  await serve(args, url);
}
