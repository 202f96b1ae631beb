import { readdirSync, readFileSync, statSync } from 'node:fs';
import { createServer, request as httpRequest, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { join } from 'node:path';
import { Ajv, type ValidateFunction } from 'ajv';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createHubSpotClient } from '@app/worker/crm/hubspot-client';
import { createHubSpotGateway, type ObjectType } from '@app/worker/crm/hubspot-gateway';
import { HUBSPOT_DATE_VERSION } from '@app/worker/crm/hubspot-versions';
import { localRequestBudget } from '@app/worker/crm/request-budget';
import { DATE_VERSIONS } from './date-versions';
import { startHubSpotEmulator, type HubSpotEmulator } from './server';

/**
 * Our date-versioned calls and the emulator's answers, checked against HubSpot's own published
 * specs (github.com/HubSpot/HubSpot-public-api-spec-collection, never copied here): the worker's
 * gateway talks to the emulator through a recording proxy, and every exchange must match an
 * operation of that version's spec by method and path template, with path parameters, request
 * body and answer (status and body) valid against the spec's schemas. The same requests are
 * then sent on each other date version the emulator serves and checked against that spec.
 *
 * HUBSPOT_SPEC_COLLECTION points at a checkout or export of that repository (its
 * PublicApiSpecs folder is enough). Without it the check is skipped, saying so.
 */
const COLLECTION = process.env.HUBSPOT_SPEC_COLLECTION;
const TOKEN = 'spec-check-token';

interface Operation {
  file: string;
  version: string;
  method: string;
  template: string;
  pattern: RegExp;
  op: {
    parameters?: { name: string; in: string; required?: boolean; schema?: unknown }[];
    requestBody?: { content?: Record<string, { schema?: unknown }> };
    responses: Record<string, { content?: Record<string, { schema?: unknown }> } | undefined>;
  };
  schemaId: string;
}

interface Exchange {
  method: string;
  path: string;
  requestBody: unknown;
  status: number;
  responseBody: unknown;
}

/** Every spec file of the served date versions (not the betas), found by folder name. */
function specFiles(root: string): { file: string; version: string }[] {
  const out: { file: string; version: string }[] = [];
  const walk = (dir: string, version: string | null) => {
    for (const name of readdirSync(dir)) {
      const path = join(dir, name);
      if (statSync(path).isDirectory()) walk(path, (DATE_VERSIONS as readonly string[]).includes(name) ? name : version);
      else if (version && name.endsWith('.json')) out.push({ file: path, version });
    }
  };
  walk(root, null);
  return out;
}

function loadOperations(root: string, ajv: Ajv): Operation[] {
  const operations: Operation[] = [];
  for (const { file, version } of specFiles(root)) {
    const spec = JSON.parse(readFileSync(file, 'utf8')) as { paths?: Record<string, Record<string, unknown>>; components?: unknown };
    if (!spec.paths) continue; // a Postman collection, not an OpenAPI document
    const schemaId = `https://hubspot-spec.invalid/${operations.length}-${version}.json`;
    // The spec's own references point into its components: make them absolute to this document.
    ajv.addSchema(JSON.parse(JSON.stringify({ $id: schemaId, components: spec.components ?? {} }).replaceAll('"#/components/', `"${schemaId}#/components/`)) as object);
    for (const [template, methods] of Object.entries(spec.paths)) {
      if (!template.includes(`/${version}/`)) continue;
      const pattern = new RegExp(`^${template.replace(/[.*+?^$()|[\]\\]/g, '\\$&').replace(/\{[^}]+\}/g, '([^/]+)')}$`);
      for (const [method, op] of Object.entries(methods)) {
        const rewritten = JSON.parse(JSON.stringify(op).replaceAll('"#/components/', `"${schemaId}#/components/`)) as Operation['op'];
        operations.push({ file, version, method: method.toUpperCase(), template, pattern, op: rewritten, schemaId });
      }
    }
  }
  return operations;
}

/** Forwards to the emulator and keeps each request and answer as they went over the wire. */
async function recordingProxy(target: string, exchanges: Exchange[]): Promise<{ url: string; server: Server }> {
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
            requestBody: sent.length ? (JSON.parse(sent.toString('utf8')) as unknown) : undefined,
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

/** What is wrong with one exchange against its version's spec (empty when it matches). */
function problems(exchange: Exchange, version: string, operations: readonly Operation[], ajv: Ajv): string[] {
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
  check('request body', found.op.requestBody?.content?.['application/json']?.schema, exchange.requestBody);
  // A refusal may be any status the operation's `default` (HubSpot's Error) covers.
  const declared = found.op.responses[String(exchange.status)] ?? (exchange.status >= 400 ? found.op.responses.default : undefined);
  if (!declared) out.push(`${where}: HTTP ${exchange.status} is not an answer the spec declares (${Object.keys(found.op.responses).join(', ')})`);
  else check(`HTTP ${exchange.status} answer`, declared.content?.['application/json']?.schema ?? declared.content?.['*/*']?.schema, exchange.responseBody);
  return out;
}

describe.skipIf(!COLLECTION)(
  `our date-versioned HubSpot calls against HubSpot's published specs${COLLECTION ? '' : ': set HUBSPOT_SPEC_COLLECTION to a copy of HubSpot-public-api-spec-collection to run'}`,
  () => {
    const ajv = new Ajv({ strict: false, validateFormats: false, allErrors: true });
    let operations: Operation[];
    let emulator: HubSpotEmulator;
    let proxy: { url: string; server: Server };
    const exchanges: Exchange[] = [];

    beforeAll(async () => {
      operations = loadOperations(COLLECTION!, ajv);
      emulator = await startHubSpotEmulator({ accessToken: TOKEN });
      proxy = await recordingProxy(emulator.url, exchanges);
    });
    afterAll(async () => {
      await new Promise<void>((resolve) => proxy?.server.close(() => resolve()));
      await emulator?.close();
    });

    it('finds the specs of every date version the emulator serves', () => {
      for (const version of DATE_VERSIONS) expect(operations.filter((o) => o.version === version).length, version).toBeGreaterThan(0);
      console.info(`HubSpot spec collection: ${operations.length} operations of ${DATE_VERSIONS.join(', ')} from ${new Set(operations.map((o) => o.file)).size} files`);
    });

    it('the emulator\'s refusals on the date versions (a missing scope, a bad body) are in the spec\'s error shape', async () => {
      const narrow = await startHubSpotEmulator({ accessToken: TOKEN, scopes: ['crm.objects.contacts.read'] });
      try {
        const refusals: Exchange[] = [];
        for (const version of DATE_VERSIONS) {
          for (const [on, requestBody, status] of [
            [narrow, { inputs: [{ id: '1' }] }, 403],
            [emulator, { inputs: 'not a list' }, 400],
          ] as const) {
            const path = `/crm/associations/${version}/deals/contacts/batch/read`;
            const answer = await fetch(`${on.url}${path}`, { method: 'POST', headers: { authorization: `Bearer ${TOKEN}`, 'content-type': 'application/json' }, body: JSON.stringify(requestBody) });
            expect(answer.status).toBe(status);
            // The request itself is not what is checked here (the bad body is bad on purpose).
            refusals.push({ method: 'POST', path, requestBody: { inputs: [] }, status: answer.status, responseBody: (await answer.json()) as unknown });
          }
        }
        const wrong = refusals.flatMap((e) => problems(e, e.path.split('/')[3] ?? '', operations, ajv));
        console.info(`checked ${refusals.length} refusals: ${wrong.length === 0 ? 'all match' : wrong.join('\n')}`);
        expect(wrong).toEqual([]);
      } finally {
        await narrow.close();
      }
    });

    it(`the pull's associations reads on ${HUBSPOT_DATE_VERSION}, and the emulator's answers, match HubSpot's spec`, async () => {
      const contact = emulator.createRecord('contacts', { properties: { email: `spec-${Date.now()}@example.com` } });
      const company = emulator.createRecord('companies', { properties: { name: 'Spec Co' }, associations: [{ type: 'contacts', id: contact.id }] });
      const deal = emulator.createRecord('deals', { properties: { dealname: 'Spec clean' }, associations: [{ type: 'contacts', id: contact.id }] });
      const note = emulator.createRecord('notes', { properties: { hs_timestamp: '2026-11-27T10:00:00.000Z', hs_note_body: 'Spec' }, associations: [{ type: 'contacts', id: contact.id }] });
      const gateway = createHubSpotGateway(createHubSpotClient({ accessToken: TOKEN, basePath: proxy.url }), localRequestBudget({ max: 1_000, windowMs: 10_000 }));
      // Every pair the pull reads, with one id that has associations and one that has none.
      const pairs: [ObjectType, ObjectType, string][] = [
        ['deals', 'contacts', deal.id],
        ['deals', 'invoices', deal.id],
        ['invoices', 'deals', deal.id],
        ['tickets', 'deals', deal.id],
        ['contacts', 'companies', contact.id],
        ['notes', 'contacts', note.id],
        ['notes', 'companies', note.id],
      ];
      for (const [from, to, id] of pairs) await gateway.associatedIds(from, to, [id, '99999999']);
      expect((await gateway.associatedIds('contacts', 'companies', [contact.id])).get(contact.id)).toEqual([company.id]);

      const found = exchanges.flatMap((e) => problems(e, HUBSPOT_DATE_VERSION, operations, ajv));
      console.info(`checked ${exchanges.length} exchanges on ${HUBSPOT_DATE_VERSION}: ${found.length === 0 ? 'all match' : found.join('\n')}`);
      expect(found).toEqual([]);
      expect(exchanges.length).toBe(pairs.length + 1);

      // The same requests on the emulator's other date versions, against their own specs.
      for (const version of DATE_VERSIONS.filter((v) => v !== HUBSPOT_DATE_VERSION)) {
        const replayed: Exchange[] = [];
        for (const e of exchanges) {
          const path = e.path.replace(`/${HUBSPOT_DATE_VERSION}/`, `/${version}/`);
          const answer = await fetch(`${emulator.url}${path}`, { method: e.method, headers: { authorization: `Bearer ${TOKEN}`, 'content-type': 'application/json' }, body: JSON.stringify(e.requestBody) });
          replayed.push({ ...e, path, status: answer.status, responseBody: (await answer.json()) as unknown });
        }
        const wrong = replayed.flatMap((e) => problems(e, version, operations, ajv));
        console.info(`checked ${replayed.length} exchanges on ${version}: ${wrong.length === 0 ? 'all match' : wrong.join('\n')}`);
        expect(wrong).toEqual([]);
      }
    });
  },
);
