import { readFileSync } from 'node:fs';
import { DEMO_COMPANY, type Company } from '@app/shared/company';
import { parseCompany } from '@app/shared/company-schema';

/**
 * Where the company's identity comes from, for the site build, the api and the worker:
 * - COMPANY_CONFIG_FILE: a JSON file with every field of shared/src/company.ts, or
 * - COMPANY_CONFIG: the same JSON in the variable itself (for hosts that only take variables),
 * - neither: the demo values.
 * Production values may not keep a placeholder: a reserved `.example` e-mail never delivers, and
 * a 555-01xx number rings nobody.
 */
export function loadCompany(env: NodeJS.ProcessEnv = process.env): Company {
  const file = env.COMPANY_CONFIG_FILE?.trim();
  const inline = env.COMPANY_CONFIG?.trim();
  if (file && inline) throw new Error('Set COMPANY_CONFIG_FILE or COMPANY_CONFIG, not both');
  if (!file && !inline) return DEMO_COMPANY;
  const source = file ? `COMPANY_CONFIG_FILE (${file})` : 'COMPANY_CONFIG';
  const company = parseCompany(parseJson(file ? readFileSync(file, 'utf8') : inline!, source), source);
  const placeholders = placeholdersIn(company);
  if (placeholders.length > 0) {
    throw new Error(`Company configuration from ${source} still has demo values:\n${placeholders.map((p) => `  ${p}`).join('\n')}`);
  }
  return company;
}

function parseJson(text: string, source: string): unknown {
  try {
    return JSON.parse(text);
  } catch (error) {
    throw new Error(`Company configuration from ${source} is not JSON: ${(error as Error).message}`, { cause: error });
  }
}

const RESERVED_DOMAIN = /\.(example|test|invalid|localhost)$/i;
// 555-0100 to 555-0199 are set aside for fiction in every US area code.
const FICTIONAL_PHONE = /^\+1\d{3}55501\d{2}$/;

function placeholdersIn(company: Company): string[] {
  const found: string[] = [];
  if (RESERVED_DOMAIN.test(company.email.split('@')[1] ?? '')) found.push(`company.email: ${company.email} is a reserved address that never delivers`);
  if (FICTIONAL_PHONE.test(company.phone)) found.push(`company.phone: ${company.phone} is a fictional 555-01xx number`);
  return found;
}

/** The identity the api and worker run with, read once at start (a bad file stops the start). */
export const COMPANY: Company = loadCompany();
