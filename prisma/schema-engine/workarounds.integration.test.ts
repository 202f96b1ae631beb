// The tests that tell when a workaround of the schema engine stand-in can go
// (docs/decisions/prisma-schema-engine.md): each runs the library's own, unpatched path and expects
// the known failure. When one of them fails, the library no longer needs that workaround: remove it.
import { spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { PrismaPg } from '@prisma/adapter-pg';
import { bindMigrationAwareSqlAdapterFactory, type SqlQueryable } from '@prisma/driver-adapter-utils';
import pg from 'pg';
import { afterAll, describe, expect, it } from 'vitest';
import { bin, REPO_ROOT } from '../../dev/src/repo';
import { testDatabaseUrl } from '../../test/context';
import { MigrationAdapterFactory } from './adapter';
import { migrationsList } from './migrations-list';
import { openWasmEngine } from './wasm';

const SCHEMA = path.join(REPO_ROOT, 'prisma', 'schema.prisma');
const MIGRATIONS = path.join(REPO_ROOT, 'prisma', 'migrations');
const FILTERS = { externalTables: [], externalEnums: [] };
const leftDatabases: string[] = [];

afterAll(async () => {
  const client = new pg.Client({ connectionString: testDatabaseUrl() });
  await client.connect();
  try {
    for (const name of leftDatabases) await client.query(`DROP DATABASE IF EXISTS ${client.escapeIdentifier(name)} WITH (FORCE)`);
  } finally {
    await client.end();
  }
});

async function currentDatabase(adapter: SqlQueryable): Promise<string> {
  const { rows } = await adapter.queryRaw({ sql: 'SELECT current_database()', args: [], argTypes: [] });
  return String(rows[0]?.[0]);
}

describe('Prisma 7.10 still needs the schema engine stand-in', () => {
  it("the CLI, left alone, wants a native schema engine from Prisma's binary host", () => {
    const dir = mkdtempSync(path.join(tmpdir(), 'prisma-native-'));
    try {
      writeFileSync(path.join(dir, 'schema.prisma'), 'datasource db {\n  provider = "postgresql"\n}\n');
      const configModule = pathToFileURL(path.join(REPO_ROOT, 'node_modules', 'prisma', 'config.js')).href;
      writeFileSync(
        path.join(dir, 'prisma.config.ts'),
        `import { defineConfig } from '${configModule}';\n` +
          `export default defineConfig({ schema: 'schema.prisma', datasource: { url: ${JSON.stringify(testDatabaseUrl())} } });\n`,
      );
      const env: NodeJS.ProcessEnv = { ...process.env, PRISMA_ENGINES_MIRROR: 'http://127.0.0.1:9', PRISMA_HIDE_UPDATE_MESSAGE: '1' };
      delete env.PRISMA_SCHEMA_ENGINE_BINARY;
      const run = spawnSync(bin('prisma'), ['migrate', 'status', '--config', path.join(dir, 'prisma.config.ts')], { cwd: dir, env, encoding: 'utf8', timeout: 60_000 });
      const output = `${run.stdout}${run.stderr}`;
      expect(
        output,
        'the Prisma CLI ran `migrate status` without fetching a native schema engine: remove the stand-in (prisma/schema-engine/, PRISMA_SCHEMA_ENGINE_BINARY in prisma.config.ts) if it runs migrations from npm packages alone now',
      ).toMatch(/127\.0\.0\.1:9\/.*schema-engine/);
      expect(run.status).not.toBe(0);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  }, 60_000);

  it('WORKAROUND 1: adapter-pg cannot read "char" columns', async () => {
    const adapter = await new PrismaPg({ connectionString: testDatabaseUrl() }).connect();
    try {
      await expect(
        adapter.queryRaw({ sql: 'SELECT contype FROM pg_constraint LIMIT 1', args: [], argTypes: [] }),
        'adapter-pg reads "char" columns now: remove the relabelling of WORKAROUND 1 in prisma/schema-engine/adapter.ts (and the Character report if it reports them as Character itself)',
      ).rejects.toMatchObject({ cause: { kind: 'UnsupportedNativeDataType', type: 'char' } });
    } finally {
      await adapter.dispose();
    }
  });

  it('WORKAROUND 2: adapter-pg splits a script on every ";"', async () => {
    const adapter = await new PrismaPg({ connectionString: testDatabaseUrl() }).connect();
    try {
      await expect(
        adapter.executeScript("SELECT 'a;b'"),
        'adapter-pg runs a script with a ";" inside a string now: remove WORKAROUND 2 in prisma/schema-engine/adapter.ts',
      ).rejects.toThrow();
    } finally {
      await adapter.dispose();
    }
  });

  it('WORKAROUND 3: PrismaPg#connectToShadowDb, given a connection string, connects to the main database', async () => {
    const factory = new PrismaPg({ connectionString: testDatabaseUrl() });
    const main = await factory.connect();
    const shadow = await factory.connectToShadowDb();
    try {
      expect(
        await currentDatabase(shadow),
        'PrismaPg#connectToShadowDb connects to its shadow database now: the first half of WORKAROUND 3 (prisma/schema-engine/adapter.ts) can go; the next test tells about the second',
      ).toBe(await currentDatabase(main));
    } finally {
      await shadow.dispose().catch(() => {});
      await main.dispose();
    }
  });

  it('WORKAROUND 3: PrismaPg#connectToShadowDb drops the shadow database while its own pool holds a connection', async () => {
    const url = new URL(testDatabaseUrl());
    const factory = new PrismaPg({
      host: url.hostname,
      port: Number(url.port || 5432),
      user: decodeURIComponent(url.username),
      password: decodeURIComponent(url.password),
      database: decodeURIComponent(url.pathname.slice(1)),
    });
    const shadow = await factory.connectToShadowDb();
    const name = await currentDatabase(shadow);
    leftDatabases.push(name);
    expect(name).toMatch(/^prisma_migrate_shadow_db_/);
    await expect(
      shadow.dispose(),
      'PrismaPg#connectToShadowDb drops its shadow database cleanly now: the second half of WORKAROUND 3 (prisma/schema-engine/adapter.ts) can go; the test before tells about the first',
    ).rejects.toThrow(/being accessed by other users/);
    // The failed dispose left its pool open on the shadow database: close it here, or the
    // DROP ... WITH (FORCE) after all tests kills its idle connection, an error nobody listens to.
    await shadow.underlyingDriver().end();
  });

  it('WORKAROUND 4: evaluateDataLoss on an engine without a devDiagnostic finds no shadow database', async () => {
    const factory = new MigrationAdapterFactory(testDatabaseUrl(), undefined);
    const datamodel = readFileSync(SCHEMA, 'utf8');
    const engine = await openWasmEngine([[SCHEMA, datamodel]], () => {}, bindMigrationAwareSqlAdapterFactory(factory));
    const input = { migrationsList: migrationsList(MIGRATIONS), schema: { files: [{ path: SCHEMA, content: datamodel }] }, filters: FILTERS };
    try {
      await expect(
        engine.evaluateDataLoss(input),
        'the WebAssembly schema engine evaluates data loss without a devDiagnostic before it now: remove WORKAROUND 4 in prisma/schema-engine/main.ts',
      ).rejects.toThrow(/shadow DB must be provided through an external factory/);
      // And the workaround works: after a devDiagnostic, the same call finds its shadow database.
      await engine.devDiagnostic({ migrationsList: input.migrationsList, filters: FILTERS });
      await expect(engine.evaluateDataLoss(input)).resolves.toMatchObject({ migrationSteps: 0 });
    } finally {
      engine.free();
      await factory.dropLeftShadowDatabases();
    }
  }, 60_000);
});
