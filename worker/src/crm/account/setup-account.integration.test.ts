import { execFile } from 'node:child_process';
import path from 'node:path';
import { promisify } from 'node:util';
import { afterEach, describe, expect, it } from 'vitest';
import { CRM_DEAL_STAGES, CRM_PROPERTIES, CRM_REQUIRED_SCOPES } from '@app/shared/crm-schema';
import { startHubSpotEmulator, type HubSpotEmulator } from '@app/emulators/hubspot/server';
import { uniqueFirstObjectId } from '../../../../test/hubspot-ids';
import { setUpCrmAccount } from './setup-account';

const TOKEN = 'setup-test-token';
const ROOT = path.resolve(import.meta.dirname, '../../../..');

describe('crm:setup against a fresh HubSpot account (the emulator started blank)', () => {
  let emulator: HubSpotEmulator | undefined;
  const blank = async (options: { scopes?: string[] } = {}) => {
    emulator = await startHubSpotEmulator({ port: 0, accessToken: TOKEN, blank: true, firstObjectId: uniqueFirstObjectId(), ...options });
    return emulator;
  };
  afterEach(async () => {
    await emulator?.close();
    emulator = undefined;
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
    expect(hubspot.requests().filter((r) => r.method !== 'GET' && !r.path.startsWith('/oauth/'))).toHaveLength(0);
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
    // A fresh account names its own ids: the spec's ids are nowhere in it.
    for (const stage of CRM_DEAL_STAGES) expect(stageIds).not.toContain(stage.key);

    const second = await setUpCrmAccount({ accessToken: TOKEN, basePath: hubspot.url, apply: true });
    expect(second.items.filter((i) => i.status !== 'found')).toEqual([]);
    expect(second.stageMap).toEqual(first.stageMap);
  });

  it('lists the scopes the private app lacks', async () => {
    const hubspot = await blank({ scopes: CRM_REQUIRED_SCOPES.filter((s) => s !== 'crm.objects.owners.read') });
    const report = await setUpCrmAccount({ accessToken: TOKEN, basePath: hubspot.url, apply: true });
    expect(report.ready).toBe(false);
    expect(report.problems).toEqual(['private app scopes: missing (add to the private app: crm.objects.owners.read)']);
  });

  it('stops with HubSpot’s answer when the token may not even read what it must check', async () => {
    const hubspot = await blank({ scopes: CRM_REQUIRED_SCOPES.filter((s) => s !== 'tickets') });
    await expect(setUpCrmAccount({ accessToken: TOKEN, basePath: hubspot.url, apply: false })).rejects.toThrow(/HTTP 403/);
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
