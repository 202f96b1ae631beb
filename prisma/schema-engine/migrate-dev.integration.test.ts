// `prisma migrate dev` end to end through prisma.config.ts and the schema engine stand-in, on a
// database of its own: pending migrations applied, then a schema change turned into a migration
// (which needs the shadow database), then the status. The configuration under test is the real
// one with the schema and migrations copied to a scratch folder, so the repository's stay as they are.
import { spawnSync } from 'node:child_process';
import { cpSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import pg from 'pg';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { bin, REPO_ROOT } from '../../dev/src/repo';
import { adminDatabaseUrl } from '../../test/database';

const dir = mkdtempSync(path.join(tmpdir(), 'prisma-migrate-dev-'));
const database = `cleaning_test_migratedev_${Date.now().toString(36)}`;
const url = new URL(adminDatabaseUrl());
url.pathname = `/${database}`;

async function admin(sql: string): Promise<void> {
  const client = new pg.Client({ connectionString: adminDatabaseUrl() });
  await client.connect();
  try {
    await client.query(sql);
  } finally {
    await client.end();
  }
}

beforeAll(async () => {
  cpSync(path.join(REPO_ROOT, 'prisma', 'schema.prisma'), path.join(dir, 'schema.prisma'));
  cpSync(path.join(REPO_ROOT, 'prisma', 'migrations'), path.join(dir, 'migrations'), { recursive: true });
  const real = pathToFileURL(path.join(REPO_ROOT, 'prisma', 'prisma.config.ts')).href;
  writeFileSync(
    path.join(dir, 'prisma.config.ts'),
    `import config from '${real}';\n` +
      `export default { ...config, schema: ${JSON.stringify(path.join(dir, 'schema.prisma'))}, ` +
      `migrations: { ...config.migrations, path: ${JSON.stringify(path.join(dir, 'migrations'))} } };\n`,
  );
  await admin(`CREATE DATABASE "${database}"`);
});

afterAll(async () => {
  await admin(`DROP DATABASE IF EXISTS "${database}" WITH (FORCE)`);
  rmSync(dir, { recursive: true, force: true });
});

function prisma(...args: string[]): { status: number | null; output: string } {
  const run = spawnSync(bin('prisma'), [...args, '--config', path.join(dir, 'prisma.config.ts')], {
    cwd: dir,
    env: { ...process.env, DATABASE_URL: url.toString(), PRISMA_HIDE_UPDATE_MESSAGE: '1' },
    encoding: 'utf8',
    timeout: 120_000,
  });
  return { status: run.status, output: `${run.stdout}${run.stderr}` };
}

it('migrate dev applies pending migrations, writes a new one from a schema change, and leaves the status clean', () => {
  const before = readdirSync(path.join(dir, 'migrations'));

  const pending = prisma('migrate', 'dev');
  expect(pending.output).toMatch(/in sync/);
  expect(pending.status).toBe(0);

  const schemaFile = path.join(dir, 'schema.prisma');
  const schema = readFileSync(schemaFile, 'utf8');
  const changed = schema.replace(/^model Contact \{\n/m, (head) => `${head}  scratchNote String? @map("scratch_note")\n`);
  expect(changed).not.toBe(schema);
  writeFileSync(schemaFile, changed);

  const change = prisma('migrate', 'dev', '--name', 'scratch_note');
  expect(change.output).toMatch(/in sync with your schema/);
  expect(change.status).toBe(0);
  const added = readdirSync(path.join(dir, 'migrations')).filter((name) => !before.includes(name));
  expect(added).toHaveLength(1);
  expect(added[0]).toMatch(/_scratch_note$/);
  expect(readFileSync(path.join(dir, 'migrations', added[0] as string, 'migration.sql'), 'utf8')).toMatch(/ALTER TABLE "contact" ADD COLUMN\s+"scratch_note" TEXT/);

  const status = prisma('migrate', 'status');
  expect(status.output).toMatch(/Database schema is up to date/);
  expect(status.status).toBe(0);
}, 180_000);
