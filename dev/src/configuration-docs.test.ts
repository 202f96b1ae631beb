import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { API_ENV_KEYS } from '../../api/src/env';
import { WORKER_ENV_KEYS } from '@app/worker/env';
import { SHARED_ENV_KEYS } from '@app/shared/shared-env';
import { hubspotDailyEnv } from '@app/worker/crm/daily-env';
import { listenEnv } from '@app/emulators/listen-env';
import { devConfigSchema } from './dev-config';
import { REPO_ROOT } from './repo';

/**
 * docs/configuration.md is where an operator looks up a variable: every one the code reads must
 * be in its tables. The api's, the worker's and `npm run dev`'s schemas are imported; the
 * command-line tools and emulators parse theirs at load time (importing them would run them), and
 * some build and tooling code reads `process.env` directly, so their sources are scanned too.
 */

/** Folders of product and tooling code (tests excluded: their variables are documented where they matter). */
const SOURCE_DIRS = ['api/src', 'worker/src', 'runtime/src', 'shared/src', 'prisma', 'dev/src', 'emulators/src', 'web/src'];
/** The Vite config and its plugins read the site build's variables. */
const SHALLOW_DIRS = ['web'];

/** Read, but not configuration: the system's, or handed by a process to the child it starts itself. */
const NOT_CONFIGURATION = new Set([
  'PATH',
  'HOME',
  // prisma/prisma.config.ts hands the Prisma CLI its schema engine (prisma/schema-engine/).
  'PRISMA_SCHEMA_ENGINE_BINARY',
]);

function sourceFiles(dir: string, recursive: boolean): string[] {
  const files: string[] = [];
  for (const entry of readdirSync(path.join(REPO_ROOT, dir), { withFileTypes: true })) {
    const rel = path.join(dir, entry.name);
    if (entry.isDirectory()) {
      if (recursive && !['node_modules', 'generated', 'dist'].includes(entry.name)) files.push(...sourceFiles(rel, true));
    } else if (/\.tsx?$/.test(entry.name) && !/\.test\.tsx?$/.test(entry.name)) {
      files.push(rel);
    }
  }
  return files;
}

/**
 * Variables a source file reads: `process.env.NAME`, `process.env['NAME']`, the web app's
 * `import.meta.env.VITE_NAME`, the vite config's `readPort('NAME', …)`, the keys of zod env
 * schemas (`NAME: z.…`, `NAME: envFields.…`, `NAME: SHARED_ENV.…`, `NAME: publicUrlEnv`), and
 * `NAME` read off a parameter typed as an environment (`env: NodeJS.ProcessEnv` … `env.NAME`).
 * Upper-case keys with other values (constants, defaults) are not fields.
 */
function variablesRead(source: string): string[] {
  const patterns = [
    /process\.env\.([A-Z][A-Z0-9_]+)/g,
    /process\.env\[['"]([A-Z][A-Z0-9_]+)['"]\]/g,
    /import\.meta\.env\.(VITE_[A-Z0-9_]+)/g,
    /readPort\(['"]([A-Z][A-Z0-9_]+)['"]/g,
    /\b([A-Z][A-Z0-9_]+):\s*(?:z\s*\.|envFields\.|SHARED_ENV\.|publicUrlEnv\b)/g,
  ];
  const environments = [...source.matchAll(/\b([a-z]\w*)\??:\s*(?:Readonly<)?NodeJS\.ProcessEnv\b/g)].map((m) => m[1] as string);
  const reads = environments.map((name) => new RegExp(`\\b${name}\\??\\.([A-Z][A-Z0-9_]+)`, 'g'));
  return [...new Set([...patterns, ...reads].flatMap((re) => [...source.matchAll(re)].map((m) => m[1] as string)))];
}

/** Variable name → the first file found reading it. */
function scannedVariables(): Map<string, string> {
  const found = new Map<string, string>();
  const files = [...SOURCE_DIRS.flatMap((d) => sourceFiles(d, true)), ...SHALLOW_DIRS.flatMap((d) => sourceFiles(d, false))];
  for (const file of files) {
    for (const name of variablesRead(readFileSync(path.join(REPO_ROOT, file), 'utf8'))) {
      if (!found.has(name)) found.set(name, file);
    }
  }
  return found;
}

/** Every `NAME` in backticks in the first cell of a table row of docs/configuration.md. */
function documentedVariables(): Set<string> {
  const markdown = readFileSync(path.join(REPO_ROOT, 'docs/configuration.md'), 'utf8');
  const names = new Set<string>();
  for (const line of markdown.split('\n')) {
    const firstCell = /^\|([^|]*)\|/.exec(line)?.[1];
    if (!firstCell) continue;
    for (const m of firstCell.matchAll(/`([A-Z][A-Z0-9_]+)`/g)) names.add(m[1] as string);
  }
  return names;
}

describe('docs/configuration.md', () => {
  const scanned = scannedVariables();
  const imported: [string, readonly string[]][] = [
    ['api/src/env.ts', API_ENV_KEYS],
    ['worker/src/env.ts', WORKER_ENV_KEYS],
    ['worker/src/crm/daily-env.ts', Object.keys(hubspotDailyEnv)],
    ['emulators/src/listen-env.ts', Object.keys(listenEnv)],
    ['dev/src/dev-config.ts', Object.keys(devConfigSchema.shape)],
  ];

  it('the source scan finds every key of the imported schemas (it would miss others otherwise)', () => {
    for (const [file, keys] of imported) {
      expect(keys.filter((k) => !scanned.has(k)), file).toEqual([]);
    }
  });

  it('documents every variable the code reads', () => {
    const read = new Map(scanned);
    for (const [file, keys] of imported) for (const key of keys) if (!read.has(key)) read.set(key, file);
    const documented = documentedVariables();
    const missing = [...read]
      .filter(([name]) => !documented.has(name) && !NOT_CONFIGURATION.has(name))
      .map(([name, file]) => `${name} (read in ${file})`)
      .sort();
    expect(missing, 'add these to a table of docs/configuration.md').toEqual([]);
  });

  it('scans reads and schema fields, not other upper-case keys', () => {
    expect(variablesRead("const a = process.env.ONE; process.env['TWO']; readPort('THREE', 1);")).toEqual(['ONE', 'TWO', 'THREE']);
    expect(variablesRead('  FOUR: z.string(),\n  FIVE:\n    z\n .url(),\n  SIX: envFields.port,\n  SEVEN: EMULATOR_DEFAULTS.X,\n  EIGHT: "text"')).toEqual(['FOUR', 'FIVE', 'SIX']);
  });

  it('scans reads off an environment parameter and the web app\'s Vite variables, not other objects', () => {
    const source = 'function f(base: NodeJS.ProcessEnv, env: ApiEnv) { return [base.ONE, base?.TWO, env.NOT_READ, import.meta.env.VITE_THREE, import.meta.env.DEV]; }';
    expect(variablesRead(source)).toEqual(['VITE_THREE', 'ONE', 'TWO']);
  });
});

describe('variables the api and the worker share', () => {
  it('are read by both through the one shared schema', () => {
    for (const key of SHARED_ENV_KEYS) {
      expect(API_ENV_KEYS, key).toContain(key);
      expect(WORKER_ENV_KEYS, key).toContain(key);
    }
  });

  it('are the ones docs/configuration.md lists as shared', () => {
    const markdown = readFileSync(path.join(REPO_ROOT, 'docs/configuration.md'), 'utf8');
    const paragraph = /The variables both the api and the worker read \(([^)]*)\)/.exec(markdown)?.[1] ?? '';
    const listed = [...paragraph.matchAll(/`([A-Z][A-Z0-9_]+)`/g)].map((m) => m[1]);
    expect(listed.sort()).toEqual([...SHARED_ENV_KEYS].sort());
  });

  it('are all the variables both read, but for the ones each process sets for itself', () => {
    const perProcess = ['NODE_ENV', 'LOG_LEVEL', 'LOG_FORMAT'];
    const both = API_ENV_KEYS.filter((key) => WORKER_ENV_KEYS.includes(key) && !perProcess.includes(key));
    expect(both.sort()).toEqual([...SHARED_ENV_KEYS].sort());
  });
});
