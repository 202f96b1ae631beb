import { execFile } from 'node:child_process';
import path from 'node:path';
import { promisify } from 'node:util';
import { afterEach, describe, expect, it } from 'vitest';
import { CRM_DEAL_STAGES, CRM_PROPERTIES, CRM_REQUIRED_SCOPES } from '@app/shared/crm-schema';
import { DEFAULT_SCOPES } from '@app/emulators/hubspot/scopes';
import { startHubSpotEmulator, type HubSpotEmulator, type HubSpotEmulatorOptions } from '@app/emulators/hubspot/server';
import { uniqueFirstObjectId } from '../../../../test/hubspot-ids';
import { formatReport, setUpCrmAccount } from './setup-account';

const TOKEN = 'setup-test-token';
const ROOT = path.resolve(import.meta.dirname, '../../../..');

describe('crm:setup against a fresh HubSpot account (the emulator started blank)', () => {
  let emulator: HubSpotEmulator | undefined;
  const blank = async (options: Partial<HubSpotEmulatorOptions> = {}) => {
    emulator = await startHubSpotEmulator({ port: 0, accessToken: TOKEN, blank: true, firstObjectId: uniqueFirstObjectId(), ...options });
    return emulator;
  };
  /** The account as crm:setup left it (the emulator's "ready" start). */
  const ready = async (options: Partial<HubSpotEmulatorOptions> = {}) => blank({ blank: false, ...options });
  const without = (...scopes: string[]) => DEFAULT_SCOPES.filter((s) => !scopes.includes(s));
  // The tries of write scopes: batches without inputs (they change nothing).
  const isProbeWrite = (r: { method: string; path: string }) => r.method === 'POST' && /^\/crm\/v3\/(objects\/\w+\/batch\/update|properties\/\w+\/batch\/create)$/.test(r.path);
  afterEach(async () => {
    await emulator?.close();
    emulator = undefined;
  });

  it("waits out HubSpot's 429 (its 10-second window full, a worker checking meanwhile) and still sets the account up", async () => {
    const hubspot = await blank();
    hubspot.faults.next(3, { status: 429, retryAfterSeconds: 1 });
    const report = await setUpCrmAccount({ accessToken: TOKEN, basePath: hubspot.url, apply: true });
    expect(report.ready, report.problems.join('\n')).toBe(true);
    expect(hubspot.requests().filter((r) => r.status === 429)).toHaveLength(3);
  });

  it('--check reports every missing property, option and stage and changes nothing', async () => {
    const hubspot = await blank();
    const report = await setUpCrmAccount({ accessToken: TOKEN, basePath: hubspot.url, apply: false });
    expect(report.ready).toBe(false);
    expect(report.stageMap).toBeNull();
    const missing = report.items.filter((i) => i.status === 'missing').map((i) => i.subject);
    for (const p of CRM_PROPERTIES) expect(missing).toContain(`${p.objectType}.${p.name}`);
    expect(missing).toContain('tickets.hs_ticket_category');
    expect(missing).toContain('deals stage "Clean Requested"');
    expect(report.problems.length).toBe(missing.length);
    for (const scope of CRM_REQUIRED_SCOPES) expect(report.items).toContainEqual(expect.objectContaining({ subject: `scope ${scope}`, status: 'found' }));
    // Its only writes are the scope tries' empty batches: a second check finds the same.
    expect(hubspot.requests().filter((r) => r.method !== 'GET' && !r.path.startsWith('/oauth/') && !isProbeWrite(r))).toEqual([]);
    expect((await setUpCrmAccount({ accessToken: TOKEN, basePath: hubspot.url, apply: false })).items).toEqual(report.items);
  });

  it('creates what is missing, finds it all on a second run, and maps every stage to the id the account gave it', async () => {
    const hubspot = await blank();
    const first = await setUpCrmAccount({ accessToken: TOKEN, basePath: hubspot.url, apply: true });
    expect(first.problems).toEqual([]);
    expect(first.ready).toBe(true);
    const created = first.items.filter((i) => i.status === 'created').map((i) => i.subject);
    expect(created).toContain('deals.app_request_id');
    expect(created).toContain('deals property group cleaning_portal');
    expect(first.items.find((i) => i.subject.startsWith('tickets.hs_ticket_category options'))?.status).toBe('updated');
    // 'New' and 'Closed' are HubSpot's own ticket stages: found, not created.
    expect(first.items.find((i) => i.subject === 'tickets stage "New"')?.status).toBe('found');

    const stageIds = Object.values(first.stageMap!.deals);
    expect(Object.keys(first.stageMap!.deals).sort()).toEqual(CRM_DEAL_STAGES.map((s) => s.key).sort());
    expect(new Set(stageIds).size).toBe(CRM_DEAL_STAGES.length);
    // A fresh account names its own ids: the product's ids (docs/product.md §4) are nowhere in it.
    for (const stage of CRM_DEAL_STAGES) expect(stageIds).not.toContain(stage.key);

    const second = await setUpCrmAccount({ accessToken: TOKEN, basePath: hubspot.url, apply: true });
    expect(second.items.filter((i) => i.status !== 'found')).toEqual([]);
    expect(second.stageMap).toEqual(first.stageMap);
  });

  it('names each scope a service key lacks, one row per scope, by trying each (token-info knows no service key)', async () => {
    const hubspot = await ready({ tokenKind: 'service-key', scopes: without('crm.objects.companies.read', 'crm.objects.deals.write') });
    const report = await setUpCrmAccount({ accessToken: TOKEN, basePath: hubspot.url, apply: false });
    expect(report.ready).toBe(false);
    expect(report.problems).toEqual([
      "scope crm.objects.companies.read: missing (the customer's company on the staff customer page: add crm.objects.companies.read to the service key (or private app))",
      'scope crm.objects.deals.write: missing (bookings become deals; owner assignments: add crm.objects.deals.write to the service key (or private app))',
    ]);
    const rows = report.items.filter((i) => i.subject.startsWith('scope '));
    expect(rows.map((r) => r.subject)).toEqual(CRM_REQUIRED_SCOPES.map((s) => `scope ${s}`));
    expect(rows.filter((r) => r.status === 'found')).toHaveLength(CRM_REQUIRED_SCOPES.length - 2);
    expect(report.items.find((i) => i.subject === 'token')).toMatchObject({ status: 'found', detail: expect.stringMatching(/^not a legacy private app/) });
    expect(report.grantedScopes).not.toContain('crm.objects.deals.write');
    expect(formatReport(report)).toMatch(/scope crm\.objects\.deals\.write\s+missing\s+bookings become deals/);

    // Cheap, and changes nothing: one try per scope, the token-info question, five property reads
    // (contacts, deals, line items, tickets, invoices) and two pipeline reads.
    const requests = hubspot.requests();
    expect(requests).toHaveLength(CRM_REQUIRED_SCOPES.length + 1 + 5 + 2);
    expect(requests.filter((r) => r.method !== 'GET' && !r.path.startsWith('/oauth/') && !isProbeWrite(r))).toEqual([]);
    expect(hubspot.objects('deals')).toHaveLength(0);

    // With the scopes added to the key, the same check finds the account ready.
    hubspot.config.set({ scopes: [...DEFAULT_SCOPES] });
    expect((await setUpCrmAccount({ accessToken: TOKEN, basePath: hubspot.url, apply: false })).ready).toBe(true);
  });

  it('with a legacy private app, says HubSpot’s list of its scopes agrees with the tries (the tries decide)', async () => {
    const hubspot = await ready({ scopes: without('crm.objects.owners.read') });
    const report = await setUpCrmAccount({ accessToken: TOKEN, basePath: hubspot.url, apply: true });
    expect(report.ready).toBe(false);
    expect(report.problems).toEqual([expect.stringMatching(/^scope crm\.objects\.owners\.read: missing \(cleaners/)]);
    expect(report.items.find((i) => i.subject === 'token')?.detail).toMatch(/^legacy private app \d+: HubSpot's list of its scopes agrees with the tries$/);
  });

  it('a token that may not even read what it must check is reported, with what could not be checked, instead of failing', async () => {
    const hubspot = await blank({ tokenKind: 'service-key', scopes: without('tickets') });
    const report = await setUpCrmAccount({ accessToken: TOKEN, basePath: hubspot.url, apply: false });
    expect(report.ready).toBe(false);
    expect(report.stageMap).toBeNull();
    expect(report.problems.filter((p) => p.startsWith('scope '))).toEqual([expect.stringMatching(/^scope tickets: missing/)]);
    expect(report.items).toContainEqual({ subject: 'tickets properties', status: 'warning', detail: 'not checked: the token lacks tickets or crm.schemas.tickets.read' });
    expect(report.items).toContainEqual(expect.objectContaining({ subject: 'tickets pipelines', status: 'warning' }));
  });

  it('counts a try HubSpot answers with a validation error as a scope it has (the scope check came first)', async () => {
    const hubspot = await ready({ tokenKind: 'service-key' });
    hubspot.faults.next(1, { status: 400 }); // the first try: crm.objects.contacts.read
    const report = await setUpCrmAccount({ accessToken: TOKEN, basePath: hubspot.url, apply: false });
    expect(hubspot.requests()[0]).toMatchObject({ path: '/crm/v3/objects/contacts', status: 400 });
    expect(report.items.find((i) => i.subject === 'scope crm.objects.contacts.read')?.status).toBe('found');
    expect(report.ready).toBe(true);
  });

  it('a token HubSpot does not accept is one blocking row, after one request', async () => {
    const hubspot = await ready();
    const report = await setUpCrmAccount({ accessToken: 'someone-elses-token', basePath: hubspot.url, apply: true });
    expect(report.ready).toBe(false);
    expect(report.problems).toEqual([expect.stringMatching(/^token: failed \(HubSpot does not accept HUBSPOT_ACCESS_TOKEN \(try scope crm\.objects\.contacts\.read: HTTP 401: /)]);
    expect(hubspot.requests()).toHaveLength(1);
  });

  it('a property of the wrong type is a mismatch it reports rather than touches', async () => {
    const hubspot = await blank();
    await fetch(`${hubspot.url}/crm/v3/properties/deals`, {
      method: 'POST',
      headers: { authorization: `Bearer ${TOKEN}`, 'content-type': 'application/json' },
      body: JSON.stringify({ name: 'preferred_date', label: 'Preferred date', type: 'string', fieldType: 'text', groupName: 'dealinformation' }),
    });
    const report = await setUpCrmAccount({ accessToken: TOKEN, basePath: hubspot.url, apply: true });
    expect(report.ready).toBe(false);
    expect(report.problems).toEqual([expect.stringMatching(/^deals\.preferred_date: mismatch \(is string, the product needs date/)]);
  });

  it('npm run crm:setup prints the table and exits 0 when the account is ready (1 while it is not)', async () => {
    const hubspot = await blank();
    const run = (args: string[]) =>
      promisify(execFile)(process.execPath, ['--import', 'tsx', 'worker/src/crm-setup.ts', ...args], {
        cwd: ROOT,
        env: { ...process.env, NODE_ENV: 'development', HUBSPOT_ACCESS_TOKEN: TOKEN, HUBSPOT_BASE_URL: hubspot.url, DATABASE_URL: '' },
      });
    const check = await run(['--check']).catch((error: { code: number; stdout: string }) => error);
    expect('code' in check && check.code).toBe(1);
    expect(check.stdout).toContain('The account is NOT ready');

    const setup = await run([]);
    expect(setup.stdout).toMatch(/deals\.app_request_id\s+created/);
    expect(setup.stdout).toContain('The account has everything the product needs.');
  });
});
