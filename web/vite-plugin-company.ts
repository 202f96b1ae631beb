import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { runnerImport, type Plugin } from 'vite';
import type { Company } from '@app/shared/company';

const COMPANY_ID = 'virtual:company';
const RESOLVED_COMPANY_ID = `\0${COMPANY_ID}`;
const LOADER = fileURLToPath(new URL('../runtime/src/company.ts', import.meta.url));

/**
 * The company's identity as a `virtual:company` module, read once per build or dev server from
 * the same place the api and worker read it (runtime/src/company.ts: a file, a variable or the
 * demo values). A configuration that does not validate stops the build, naming the field.
 */
let loaded: Promise<Company> | undefined;

/** The configured company, loaded once per process (the build, the dev server, a test run). */
export function loadConfiguredCompany(): Promise<Company> {
  loaded ??= runnerImport<{ loadCompany(): Company }>(LOADER, {
    root: path.dirname(LOADER),
    configFile: false,
    logLevel: 'error',
    environments: { inline: { resolve: { noExternal: [/^@app\//] } } },
  }).then(({ module }) => module.loadCompany());
  return loaded;
}

export function companyConfig(): Plugin {
  return {
    name: 'app:company',
    resolveId(id) {
      return id === COMPANY_ID ? RESOLVED_COMPANY_ID : undefined;
    },
    async load(id) {
      if (id !== RESOLVED_COMPANY_ID) return undefined;
      return `export default ${JSON.stringify(await loadConfiguredCompany())};`;
    },
  };
}
