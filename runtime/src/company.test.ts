import { mkdtemp, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { DEMO_COMPANY, type Company } from '@app/shared/company';
import { loadCompany } from './company';

// Production values: a real-looking number outside 555-01xx and a deliverable domain.
const PRODUCTION: Company = { ...DEMO_COMPANY, phone: '+14045557788', email: 'hello@cleaning-atl.com', legalName: 'Peach Clean LLC' };

async function fileWith(content: string): Promise<string> {
  const file = path.join(await mkdtemp(path.join(tmpdir(), 'company-')), 'company.json');
  await writeFile(file, content);
  return file;
}

describe('loadCompany', () => {
  it('uses the demo values when nothing is configured', () => {
    expect(loadCompany({})).toBe(DEMO_COMPANY);
  });

  it('reads production values from a file or from the variable', async () => {
    expect(loadCompany({ COMPANY_CONFIG_FILE: await fileWith(JSON.stringify(PRODUCTION)) })).toEqual(PRODUCTION);
    expect(loadCompany({ COMPANY_CONFIG: JSON.stringify(PRODUCTION) })).toEqual(PRODUCTION);
  });

  it('refuses both at once, a file that is not JSON, and an invalid field', async () => {
    expect(() => loadCompany({ COMPANY_CONFIG_FILE: 'a.json', COMPANY_CONFIG: '{}' })).toThrow('Set COMPANY_CONFIG_FILE or COMPANY_CONFIG, not both');
    const broken = await fileWith('{ "name": ');
    expect(() => loadCompany({ COMPANY_CONFIG_FILE: broken })).toThrow(`Company configuration from COMPANY_CONFIG_FILE (${broken}) is not JSON`);
    expect(() => loadCompany({ COMPANY_CONFIG: JSON.stringify({ ...PRODUCTION, openingHours: [] }) })).toThrow('company.openingHours: needs at least one span of days');
  });

  it('refuses the demo placeholders as production values', () => {
    expect(() => loadCompany({ COMPANY_CONFIG: JSON.stringify(DEMO_COMPANY) })).toThrow(
      [
        'Company configuration from COMPANY_CONFIG still has demo values:',
        '  company.email: hello@atlantahomecleaning.example is a reserved address that never delivers',
        '  company.phone: +14045550100 is a fictional 555-01xx number',
      ].join('\n'),
    );
  });
});
