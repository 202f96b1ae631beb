// Prisma CLI configuration (generate, migrate dev/deploy/status, db seed).
//
// Prisma 6.19 runs its schema engine in JavaScript (`engine: 'js'`) through @prisma/adapter-pg,
// so no native engine is ever downloaded (docs/decisions/prisma-js-engine.md). Two workarounds
// for that young engine live in this one file on purpose, so that moving to Prisma 7 is a
// one-file change: WORKAROUND 1 (catalog column types) and WORKAROUND 2 (shadow database).
//
// Run from the repository root:  npx prisma <command> --config prisma/prisma.config.ts
// (or `npm run -w @app/db <generate|migrate:dev|migrate:deploy|migrate:status|seed>`).
//
// Known limits of the 6.19 JS schema engine that no config can fix (gone with Prisma 7):
// - `migrate dev` that has to apply pending migrations first fails right after applying them
//   ("PostgreSQL shadow DB must be provided through an external factory"); the migrate:dev script
//   therefore runs `migrate deploy` before `migrate dev`.
// - `migrate dev --create-only` writes the migration, then exits with "null pointer passed to
//   rust" (the engine is freed twice). The file is fine.
// - adapter-pg runs a migration by splitting it on every `;`: no semicolons inside comments,
//   strings or function bodies in migration.sql.
import { spawnSync } from 'node:child_process';
import { createRequire } from 'node:module';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { PrismaPg } from '@prisma/adapter-pg';
import pg from 'pg';
import { defineConfig } from 'prisma/config';
import { devDatabaseUrl } from './dev-database';

const here = path.dirname(fileURLToPath(import.meta.url));

/**
 * The CLI's database; unset, the embedded database of `npm run dev` (so `npx prisma migrate status`
 * inspects it), but never in production, where a migration must not go looking for it.
 */
if (!process.env.DATABASE_URL && process.env.NODE_ENV === 'production') {
  throw new Error('DATABASE_URL: is required in production (the Prisma CLI falls back to the development database only outside production)');
}
const databaseUrl = process.env.DATABASE_URL || devDatabaseUrl();
// Prisma 6's schema validation still requires `url = env("DATABASE_URL")` in the datasource block
// (the adapter below is what actually connects). If the variable is unset, the CLI cannot read the
// generator's engineType, assumes the native library engine and tries to download it, so we make
// sure it is set, including for `prisma generate`, which never connects.
process.env.DATABASE_URL = databaseUrl;

// WORKAROUND 1 (docs/decisions/prisma-js-engine.md). The JS schema engine reads pg_catalog
// columns of type `name` (OID 19, e.g. nspname, relname) and `"char"` (OID 18, e.g.
// pg_constraint.contype), which @prisma/adapter-pg 6.19 cannot map to a column type
// (UnsupportedNativeDataType: "Column type 'name' could not be deserialized"), so `migrate dev`
// fails. pg already returns both as strings. On every pooled connection we relabel those result
// columns as `text` (OID 25) before the adapter looks at them; `"char"` columns are then reported
// to the engine as Character, which is what it reads them as (as Text it panics with
// "unreachable" once a CHECK constraint exists). Remove once the adapter maps these types itself
// (Prisma 7 does).
const CHAR_OID = 18;
const NAME_OID = 19;
const TEXT_OID = 25;
const CHARACTER_COLUMN = 6; // ColumnTypeEnum.Character of @prisma/driver-adapter-utils
/** Result rows arrays (passed through unchanged by the adapter) → indexes of `"char"` columns. */
const charColumnsOf = new WeakMap<object, number[]>();

function relabelCatalogColumns(result: unknown): unknown {
  for (const r of Array.isArray(result) ? result : [result]) {
    const { fields, rows } = (r ?? {}) as Partial<pg.QueryResult>;
    if (!Array.isArray(fields)) continue;
    const charColumns: number[] = [];
    fields.forEach((field, i) => {
      if (field.dataTypeID === NAME_OID) field.dataTypeID = TEXT_OID;
      if (field.dataTypeID === CHAR_OID) {
        field.dataTypeID = TEXT_OID;
        charColumns.push(i);
      }
    });
    if (charColumns.length > 0 && Array.isArray(rows)) charColumnsOf.set(rows, charColumns);
  }
  return result;
}

function withCatalogTextColumns(client: pg.PoolClient): void {
  type AnyQuery = (...args: unknown[]) => unknown;
  const query = client.query.bind(client) as AnyQuery;
  const patched: AnyQuery = (...args) => {
    const callback = args.at(-1);
    if (typeof callback === 'function') {
      // pg-pool's Pool#query calls the client with a callback.
      args[args.length - 1] = (err: unknown, res: unknown) =>
        (callback as (e: unknown, r: unknown) => void)(err, err ? res : relabelCatalogColumns(res));
      return query(...args);
    }
    const out = query(...args);
    return out instanceof Promise ? out.then(relabelCatalogColumns) : out;
  };
  (client as unknown as { query: AnyQuery }).query = patched;
}

type PgAdapter = Awaited<ReturnType<PrismaPg['connect']>>;
type Queryable = Pick<PgAdapter, 'queryRaw'>;

function withCharacterColumns<T extends Queryable>(queryable: T): T {
  const queryRaw = queryable.queryRaw.bind(queryable);
  queryable.queryRaw = async (sqlQuery) => {
    const resultSet = await queryRaw(sqlQuery);
    for (const i of charColumnsOf.get(resultSet.rows) ?? []) resultSet.columnTypes[i] = CHARACTER_COLUMN;
    return resultSet;
  };
  return queryable;
}

async function connectWithWorkaround(connectionString: string): Promise<PgAdapter> {
  const adapter = withCharacterColumns(await adapterFor(connectionString).connect());
  const startTransaction = adapter.startTransaction.bind(adapter);
  adapter.startTransaction = async (isolationLevel) => withCharacterColumns(await startTransaction(isolationLevel));
  return adapter;
}

function adapterFor(connectionString: string): PrismaPg {
  const pool = new pg.Pool({ connectionString, max: 4 });
  pool.on('connect', withCatalogTextColumns);
  return new PrismaPg(pool, { disposeExternalPool: true });
}

// WORKAROUND 2 — shadow database for `migrate dev`. PrismaPg#connectToShadowDb in 6.19 spreads
// `{ ...config, database }` over a config whose connectionString wins, so it replays the
// migrations into the main database ("type ... already exists"), and it drops the shadow database
// while its own pool still holds connections. We use SHADOW_DATABASE_URL when given (emptied on
// every connection: everything in it is lost, as with Prisma's classic engine); otherwise we
// create a throwaway database on the same server and drop it (WITH (FORCE)) when the engine
// disposes the connection. The engine does not dispose it when a migration fails or the engine
// panics, so whatever is left is dropped synchronously when the CLI process exits.
const openShadowDbs = new Set<string>();

async function adminQuery(sql: string, connectionString = databaseUrl): Promise<void> {
  const client = new pg.Client({ connectionString });
  await client.connect();
  try {
    await client.query(sql);
  } finally {
    await client.end();
  }
}

function dropLeftShadowDbsSync(): void {
  if (openShadowDbs.size === 0) return;
  const script = `
    const pg = require(process.env.PG_MODULE);
    const c = new pg.Client({ connectionString: process.env.ADMIN_URL });
    c.connect()
      .then(async () => { for (const n of JSON.parse(process.env.SHADOW_DBS)) await c.query('DROP DATABASE IF EXISTS "' + n + '" WITH (FORCE)'); })
      .finally(() => c.end());`;
  spawnSync(process.execPath, ['-e', script], {
    stdio: 'ignore',
    timeout: 15_000,
    env: {
      ...process.env,
      PG_MODULE: createRequire(import.meta.url).resolve('pg'),
      ADMIN_URL: databaseUrl,
      SHADOW_DBS: JSON.stringify([...openShadowDbs]),
    },
  });
}

process.once('exit', dropLeftShadowDbsSync);

async function connectToShadowDb(): Promise<PgAdapter> {
  const given = process.env.SHADOW_DATABASE_URL;
  if (given) {
    // The engine replays the migrations into every connection it asks for and never empties the
    // database itself: start each one from an empty public schema.
    await adminQuery('DROP SCHEMA IF EXISTS public CASCADE; CREATE SCHEMA public', given);
    return connectWithWorkaround(given);
  }

  const name = `prisma_shadow_${Date.now()}_${Math.random().toString(36).slice(2, 8)}`;
  await adminQuery(`CREATE DATABASE "${name}"`);
  openShadowDbs.add(name);
  const shadowUrl = new URL(databaseUrl);
  shadowUrl.pathname = `/${name}`;
  const adapter = await connectWithWorkaround(shadowUrl.toString());
  const dispose = adapter.dispose.bind(adapter);
  adapter.dispose = async () => {
    await dispose();
    await adminQuery(`DROP DATABASE IF EXISTS "${name}" WITH (FORCE)`);
    openShadowDbs.delete(name);
  };
  return adapter;
}

export default defineConfig({
  experimental: { adapter: true },
  engine: 'js',
  schema: path.join(here, 'schema.prisma'),
  migrations: {
    path: path.join(here, 'migrations'),
    // Absolute, so `prisma db seed` / `migrate reset` work from any working directory.
    seed: `tsx ${path.join(here, 'seed.ts')}`,
  },
  adapter: async () => {
    const info = new PrismaPg({ connectionString: databaseUrl }); // name and provider only, opens nothing
    return {
      provider: info.provider,
      adapterName: info.adapterName,
      // A fresh pool per connection: a disposed PrismaPg would otherwise fall back to an
      // unpatched pool of its own.
      connect: () => connectWithWorkaround(databaseUrl),
      connectToShadowDb,
    };
  },
});
