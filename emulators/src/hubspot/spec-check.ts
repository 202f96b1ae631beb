import { readdirSync, readFileSync, statSync } from 'node:fs';
import { createServer, request as httpRequest, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { join, relative, sep } from 'node:path';
import type { Ajv, ValidateFunction } from 'ajv';
import { isMultipart, parseMultipart } from './multipart';

/**
 * Checks exchanges with the emulator against HubSpot's own published OpenAPI specs
 * (github.com/HubSpot/HubSpot-public-api-spec-collection, never copied here; the spec tests
 * read a copy named by HUBSPOT_SPEC_COLLECTION). Each exchange must match an operation of its
 * version by method and path template, with path parameters, request body and answer (status
 * and body) valid against that spec's schemas. Shared by the spec tests; not a test itself.
 */

type Response = { $ref?: string; content?: Record<string, { schema?: unknown }> } | undefined;

export interface Operation {
  file: string;
  version: string;
  method: string;
  template: string;
  pattern: RegExp;
  op: {
    parameters?: { name: string; in: string; required?: boolean; schema?: unknown }[];
    requestBody?: { content?: Record<string, { schema?: unknown }> };
    responses: Record<string, Response>;
  };
  schemaId: string;
  /** The spec's shared answers (`components.responses`), which an operation's answer may name by `$ref`. */
  sharedResponses: Record<string, Response>;
}

export interface Exchange {
  method: string;
  path: string;
  requestBody: unknown;
  status: number;
  responseBody: unknown;
}

export interface SpecSelection {
  /** Version folders to read (`2026-09`, `v3`, ...); the collection keeps each version of an API in its own folder. */
  versions: readonly string[];
  /** Only API folders under these paths of the collection (`CRM/Communications`); default every API. */
  areas?: readonly string[];
}

/** Every spec file of the selected versions and areas, found by folder name. */
function specFiles(root: string, { versions, areas }: SpecSelection): { file: string; version: string }[] {
  const out: { file: string; version: string }[] = [];
  const inArea = (path: string) => !areas || areas.some((area) => `/${relative(root, path).split(sep).join('/')}/`.includes(`/${area}/`));
  const walk = (dir: string, version: string | null) => {
    for (const name of readdirSync(dir)) {
      const path = join(dir, name);
      if (statSync(path).isDirectory()) walk(path, versions.includes(name) ? name : version);
      else if (version && name.endsWith('.json') && inArea(path)) out.push({ file: path, version });
    }
  };
  walk(root, null);
  return out;
}

/** The operations of the selected spec files, their schemas registered with `ajv`. */
export function loadOperations(root: string, ajv: Ajv, selection: SpecSelection): Operation[] {
  const operations: Operation[] = [];
  for (const { file, version } of specFiles(root, selection)) {
    const spec = JSON.parse(readFileSync(file, 'utf8')) as { paths?: Record<string, Record<string, unknown>>; components?: { responses?: Record<string, Response> } };
    if (!spec.paths) continue; // a Postman collection, not an OpenAPI document
    const schemaId = `https://hubspot-spec.invalid/${operations.length}-${version}.json`;
    // The spec's own references point into its components: make them absolute to this document.
    const absolute = <T>(value: T): T => JSON.parse(JSON.stringify(value).replaceAll('"#/components/', `"${schemaId}#/components/`)) as T;
    ajv.addSchema(absolute({ $id: schemaId, components: spec.components ?? {} }));
    const sharedResponses = absolute(spec.components?.responses ?? {});
    for (const [template, methods] of Object.entries(spec.paths)) {
      if (!template.includes(`/${version}/`)) continue;
      const pattern = new RegExp(`^${template.replace(/[.*+?^$()|[\]\\]/g, '\\$&').replace(/\{[^}]+\}/g, '([^/]+)')}$`);
      for (const [method, op] of Object.entries(methods)) {
        operations.push({ file, version, method: method.toUpperCase(), template, pattern, op: absolute(op as Operation['op']), schemaId, sharedResponses });
      }
    }
  }
  return operations;
}

/** Forwards to the emulator and keeps each request and answer as they went over the wire. */
export async function recordingProxy(target: string, exchanges: Exchange[]): Promise<{ url: string; server: Server }> {
  const server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      const sent = Buffer.concat(chunks);
      const upstream = httpRequest(`${target}${req.url}`, { method: req.method, headers: req.headers }, (answer) => {
        const back: Buffer[] = [];
        answer.on('data', (c: Buffer) => back.push(c));
        answer.on('end', () => {
          const text = Buffer.concat(back).toString('utf8');
          exchanges.push({
            method: req.method ?? 'GET',
            path: new URL(req.url ?? '/', 'http://proxy').pathname,
            requestBody: recordedBody(sent, req.headers['content-type']),
            status: answer.statusCode ?? 0,
            responseBody: text ? (JSON.parse(text) as unknown) : undefined,
          });
          res.writeHead(answer.statusCode ?? 502, answer.headers);
          res.end(text);
        });
      });
      upstream.end(sent);
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return { url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`, server };
}

/**
 * A JSON body as sent; a multipart one (a file upload) as its fields by name, the file's bytes
 * replaced by a note of their size: the spec types a file part as a string (format binary).
 */
function recordedBody(sent: Buffer, contentType: string | undefined): unknown {
  if (sent.length === 0) return undefined;
  if (!isMultipart(contentType)) return JSON.parse(sent.toString('utf8')) as unknown;
  const form = parseMultipart(sent, contentType ?? '');
  return Object.fromEntries(form.parts.map((p) => [p.name, p.filename === undefined ? p.data.toString('utf8') : `<${p.data.length} bytes>`]));
}

export function closeProxy(proxy: { server: Server } | undefined): Promise<void> {
  return new Promise<void>((resolve) => (proxy ? proxy.server.close(() => resolve()) : resolve()));
}

/** What is wrong with one exchange against its version's spec (empty when it matches). */
export function problems(exchange: Exchange, version: string, operations: readonly Operation[], ajv: Ajv): string[] {
  const found = operations.find((o) => o.version === version && o.method === exchange.method && o.pattern.test(exchange.path));
  if (!found) return [`${exchange.method} ${exchange.path}: no such operation in HubSpot's ${version} spec`];
  const out: string[] = [];
  const where = `${exchange.method} ${found.template}`;
  const check = (what: string, schema: unknown, value: unknown) => {
    if (!schema) return;
    const validate: ValidateFunction = ajv.compile(schema as object);
    if (!validate(value)) out.push(`${where}: ${what}: ${ajv.errorsText(validate.errors, { dataVar: what })}`);
  };
  const values = found.pattern.exec(exchange.path)?.slice(1) ?? [];
  const names = [...found.template.matchAll(/\{([^}]+)\}/g)].map((m) => m[1]);
  for (const parameter of found.op.parameters ?? []) {
    if (parameter.in !== 'path') continue;
    const index = names.indexOf(parameter.name);
    if (index < 0) out.push(`${where}: path parameter ${parameter.name} is not in the template`);
    else check(`path parameter ${parameter.name}`, parameter.schema, decodeURIComponent(values[index] ?? ''));
  }
  const bodies = found.op.requestBody?.content;
  check('request body', (bodies?.['application/json'] ?? bodies?.['multipart/form-data'])?.schema, exchange.requestBody);
  // A refusal may be any status the operation's `default` (HubSpot's Error) covers.
  const named = found.op.responses[String(exchange.status)] ?? (exchange.status >= 400 ? found.op.responses.default : undefined);
  // HubSpot's specs name their shared Error answer by reference (`#/components/responses/Error`).
  const declared = named?.$ref ? found.sharedResponses[named.$ref.slice(named.$ref.lastIndexOf('/') + 1)] : named;
  if (!declared) out.push(`${where}: HTTP ${exchange.status} is not an answer the spec declares (${Object.keys(found.op.responses).join(', ')})`);
  else check(`HTTP ${exchange.status} answer`, declared.content?.['application/json']?.schema ?? declared.content?.['*/*']?.schema, exchange.responseBody);
  return out;
}

/**
 * v4 associations answers as HubSpot sends them, retyped the way its published v4 spec types
 * them: HubSpot answers `toObjectId` as a number, `label: null` and a `subCategory` string where
 * the spec says string, string and object (hubspot-api-nodejs issue 552: "the api calls still
 * return numbers"; the emulator follows the answers, see associations.ts). Everything else of
 * the answer is checked as sent.
 */
export function asV4SpecTypes(exchange: Exchange): Exchange {
  if (!exchange.path.startsWith('/crm/v4/')) return exchange;
  const retype = (value: unknown, key?: string): unknown => {
    if (Array.isArray(value)) return value.map((v) => retype(v));
    if (value === null || typeof value !== 'object') return key === 'toObjectId' && typeof value === 'number' ? String(value) : value;
    const entries = Object.entries(value as Record<string, unknown>).filter(([k, v]) => !(k === 'label' && v === null) && !(k === 'subCategory' && typeof v === 'string'));
    return Object.fromEntries(entries.map(([k, v]) => [k, retype(v, k)]));
  };
  return { ...exchange, responseBody: retype(exchange.responseBody) };
}

/** Runs a call that HubSpot refuses; the refusal is what gets checked. */
export async function refused(call: Promise<unknown>): Promise<void> {
  await call.then(
    () => {
      throw new Error('expected a refusal');
    },
    () => undefined,
  );
}
