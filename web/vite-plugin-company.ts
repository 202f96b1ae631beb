import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { runnerImport, type Plugin } from 'vite';
import type { Company } from '@app/shared/company';
import { escapeHtml } from '../shared/src/escape-html.ts';

const COMPANY_ID = 'virtual:company';
const RESOLVED_COMPANY_ID = `\0${COMPANY_ID}`;
const LOADER = fileURLToPath(new URL('./company-for-build.ts', import.meta.url));

interface Configured {
  company: Company;
  /** The app shell's title. */
  title: string;
  /** 'Monday to Saturday, 8 AM to 6 PM', worded here so pages do not ship the wording code. */
  openingHours: string;
  /** '(404) 555-0100', formatted here for the same reason. */
  phoneDisplay: string;
}

let loaded: Promise<Configured> | undefined;

function loadConfigured(): Promise<Configured> {
  loaded ??= runnerImport<{
    loadCompany(): Company;
    defaultTitle(company: Company): string;
    openingHoursText(company: Company): string;
    formatUsPhone(phone: string): string;
  }>(LOADER, {
    root: path.dirname(LOADER),
    configFile: false,
    logLevel: 'error',
    environments: { inline: { resolve: { noExternal: [/^@app\//] } } },
  }).then(({ module }) => {
    const company = module.loadCompany();
    return {
      company,
      title: module.defaultTitle(company),
      openingHours: module.openingHoursText(company),
      phoneDisplay: module.formatUsPhone(company.phone),
    };
  });
  return loaded;
}

/** The configured company, loaded once per process (the build, the dev server, a test run). */
export async function loadConfiguredCompany(): Promise<Company> {
  return (await loadConfigured()).company;
}

/**
 * The company's identity as a `virtual:company` module, read once per build or dev server from
 * the same place the api and worker read it (runtime/src/company.ts: a file, a variable or the
 * demo values). A configuration that does not validate stops the build, naming the field.
 */
export function companyConfig(): Plugin {
  return {
    name: 'app:company',
    resolveId(id) {
      return id === COMPANY_ID ? RESOLVED_COMPANY_ID : undefined;
    },
    async load(id) {
      if (id !== RESOLVED_COMPANY_ID) return undefined;
      const { company, openingHours, phoneDisplay } = await loadConfigured();
      return [
        `export default ${JSON.stringify(company)};`,
        `export const openingHours = ${JSON.stringify(openingHours)};`,
        `export const phoneDisplay = ${JSON.stringify(phoneDisplay)};`,
      ].join('\n');
    },
    // The app shell's title, for the screens that are not pre-rendered (the pre-render gives each
    // of its pages its own title and its data for search engines: web/src/seo).
    async transformIndexHtml(html) {
      const { title } = await loadConfigured();
      return html.replace(/<title>[^<]*<\/title>/, `<title>${escapeHtml(title)}</title>`);
    },
  };
}
