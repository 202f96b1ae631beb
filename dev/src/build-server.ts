/**
 * Bundles the Node entry points (api, worker, production starter) into plain JavaScript
 * with esbuild. Our own workspace packages are bundled in; npm dependencies stay external
 * and are loaded from node_modules at run time.
 */
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { build } from 'esbuild';
import { REPO_ROOT } from './repo';

const WORKSPACES = ['shared', 'prisma', 'api', 'worker', 'web', 'dev', 'e2e', 'bench'];

async function externalPackages(): Promise<string[]> {
  const names = new Set<string>();
  for (const dir of ['.', ...WORKSPACES]) {
    const manifest = JSON.parse(await readFile(path.join(REPO_ROOT, dir, 'package.json'), 'utf8')) as {
      dependencies?: Record<string, string>;
      devDependencies?: Record<string, string>;
    };
    for (const name of Object.keys({ ...manifest.dependencies, ...manifest.devDependencies })) {
      if (!name.startsWith('@app/')) names.add(name);
    }
  }
  // Subpath imports (e.g. '@prisma/client/runtime/client') must stay external too.
  return [...names].flatMap((name) => [name, `${name}/*`]);
}

/**
 * A built server started by hand without NODE_ENV would run as development: the public dev
 * secrets, non-Secure cookies, the emulators' addresses. The bundles refuse that; `npm start`
 * (dev/dist/start.js) says production itself, and tests, benchmarks and images set it.
 */
const REQUIRE_NODE_ENV =
  "if (!process.env.NODE_ENV) { console.error('NODE_ENV is not set: set NODE_ENV=production (or development, test) to start this build.'); process.exit(1); }";

const ENTRIES = [
  { in: 'api/src/main.ts', out: 'api/dist/main.js', requireNodeEnv: true },
  { in: 'worker/src/main.ts', out: 'worker/dist/main.js', requireNodeEnv: true },
  // `node worker/dist/crm-setup.js [--check]` sets up a HubSpot account where only the build is deployed.
  { in: 'worker/src/crm-setup.ts', out: 'worker/dist/crm-setup.js', requireNodeEnv: true },
  // `node worker/dist/sms-check.js` checks the Twilio account before launch where only the build is deployed.
  { in: 'worker/src/sms-check.ts', out: 'worker/dist/sms-check.js', requireNodeEnv: true },
  // `node worker/dist/email-check.js`: the mail provider's login and the sending domain's records, likewise.
  { in: 'worker/src/email-check.ts', out: 'worker/dist/email-check.js', requireNodeEnv: true },
  // `node api/dist/home-secrets-reseal.js` re-seals customers' entry codes under the newest key (docs/home-profile.md).
  { in: 'api/src/home-secrets-reseal.ts', out: 'api/dist/home-secrets-reseal.js', requireNodeEnv: true },
  { in: 'dev/src/start.ts', out: 'dev/dist/start.js', requireNodeEnv: false },
];

const external = await externalPackages();
for (const entry of ENTRIES) {
  await build({
    entryPoints: [path.join(REPO_ROOT, entry.in)],
    outfile: path.join(REPO_ROOT, entry.out),
    bundle: true,
    platform: 'node',
    target: 'node20',
    format: 'esm',
    sourcemap: true,
    external,
    logLevel: 'warning',
    // Bundled ESM has no require(); some CommonJS dependencies still call it.
    banner: {
      js: [
        "import { createRequire as __createRequire } from 'node:module'; const require = __createRequire(import.meta.url);",
        ...(entry.requireNodeEnv ? [REQUIRE_NODE_ENV] : []),
      ].join('\n'),
    },
  });
  console.log(`built ${entry.out}`);
}
