// The driver adapter the WebAssembly schema engine migrates through: @prisma/adapter-pg over
// node-postgres, with the three workarounds it still needs in 7.10 (docs/decisions/prisma-schema-engine.md).
// Each has a test that fails once the library no longer needs it (adapter.integration.test.ts).
import { PrismaPg } from '@prisma/adapter-pg';
import type { SqlDriverAdapter, SqlMigrationAwareDriverAdapterFactory, SqlQueryable } from '@prisma/driver-adapter-utils';
import pg from 'pg';

// WORKAROUND 1 — `"char"` columns. The engine reads pg_catalog columns of type `"char"` (OID 18,
// e.g. pg_constraint.contype), which adapter-pg cannot map to a column type ("Column type 'char'
// could not be deserialized"), so `migrate dev` fails. pg already returns them as strings. On every
// pooled connection we relabel those result columns as `text` (OID 25) before the adapter looks
// at them, and then report them to the engine as Character, which is what it reads them as (as
// Text it panics with "unreachable" once a CHECK constraint exists).
const CHAR_OID = 18;
const TEXT_OID = 25;
/** ColumnTypeEnum.Character of @prisma/driver-adapter-utils (a value, not imported: a type-only package here). */
const CHARACTER_COLUMN = 6;
/** Result rows arrays (passed through unchanged by the adapter) → indexes of `"char"` columns. */
const charColumnsOf = new WeakMap<object, number[]>();

function relabelCharColumns(result: unknown): unknown {
  for (const r of Array.isArray(result) ? result : [result]) {
    const { fields, rows } = (r ?? {}) as Partial<pg.QueryResult>;
    if (!Array.isArray(fields)) continue;
    const charColumns: number[] = [];
    fields.forEach((field, i) => {
      if (field.dataTypeID === CHAR_OID) {
        field.dataTypeID = TEXT_OID;
        charColumns.push(i);
      }
    });
    if (charColumns.length > 0 && Array.isArray(rows)) charColumnsOf.set(rows, charColumns);
  }
  return result;
}

function withCharAsText(client: pg.PoolClient): void {
  type AnyQuery = (...args: unknown[]) => unknown;
  const query = client.query.bind(client) as AnyQuery;
  const patched: AnyQuery = (...args) => {
    const callback = args.at(-1);
    if (typeof callback === 'function') {
      // pg-pool's Pool#query calls the client with a callback.
      args[args.length - 1] = (err: unknown, res: unknown) =>
        (callback as (e: unknown, r: unknown) => void)(err, err ? res : relabelCharColumns(res));
      return query(...args);
    }
    const out = query(...args);
    return out instanceof Promise ? out.then(relabelCharColumns) : out;
  };
  (client as unknown as { query: AnyQuery }).query = patched;
}

function withCharacterColumns<T extends SqlQueryable>(queryable: T): T {
  const queryRaw = queryable.queryRaw.bind(queryable);
  queryable.queryRaw = async (sqlQuery) => {
    const resultSet = await queryRaw(sqlQuery);
    for (const i of charColumnsOf.get(resultSet.rows) ?? []) resultSet.columnTypes[i] = CHARACTER_COLUMN as never;
    return resultSet;
  };
  return queryable;
}

// WORKAROUND 2 — a migration is one script. adapter-pg's executeScript splits the script on every
// `;` and runs the pieces one by one: a `;` inside a string, a comment or a function body breaks
// the migration, and one that fails halfway leaves the statements before it applied. We send the
// script whole, as Prisma's native engine does: one simple query (no parameters), which Postgres
// runs as one implicit transaction.
function withWholeScripts(adapter: SqlDriverAdapter): SqlDriverAdapter {
  adapter.executeScript = async (script) => {
    await adapter.executeRaw({ sql: script, args: [], argTypes: [] });
  };
  return adapter;
}

async function connectPatched(connectionString: string): Promise<SqlDriverAdapter> {
  const pool = new pg.Pool({ connectionString, max: 4, application_name: 'prisma-migrate' });
  pool.on('connect', withCharAsText);
  const adapter = withWholeScripts(withCharacterColumns(await new PrismaPg(pool, { disposeExternalPool: true }).connect()));
  const startTransaction = adapter.startTransaction.bind(adapter);
  adapter.startTransaction = async (isolationLevel) => withCharacterColumns(await startTransaction(isolationLevel));
  return adapter;
}

/** Runs one statement on its own connection to `connectionString`. */
export async function runStatement(connectionString: string, sql: string): Promise<void> {
  const client = new pg.Client({ connectionString, application_name: 'prisma-migrate' });
  await client.connect();
  try {
    await client.query(sql);
  } finally {
    await client.end();
  }
}

function databaseUrl(serverUrl: string, database: string): string {
  const url = new URL(serverUrl);
  url.pathname = `/${encodeURIComponent(database)}`;
  return url.toString();
}

function quoted(identifier: string): string {
  return `"${identifier.replaceAll('"', '""')}"`;
}

// WORKAROUND 3 — the shadow database of `migrate dev`. PrismaPg#connectToShadowDb spreads
// `{ ...config, database }` over a config whose connectionString wins, so it replays the
// migrations into the main database ("type ... already exists"), and it drops the shadow database
// while its own pool still holds connections. We use the shadow database URL when one is given
// (emptied on every connection: everything in it is lost, as with Prisma's native engine);
// otherwise a throwaway database on the main one's server, dropped (WITH (FORCE)) when the engine
// disposes the connection. Whatever the engine left (a failed migration, a panic) is dropped by
// `dropLeftShadowDatabases` before the process ends.
export class MigrationAdapterFactory implements SqlMigrationAwareDriverAdapterFactory {
  readonly provider = 'postgres';
  readonly adapterName = '@prisma/adapter-pg';
  private readonly openShadowDbs = new Set<string>();

  constructor(
    private readonly url: string,
    private readonly shadowDatabaseUrl: string | undefined,
  ) {}

  // A fresh pool per connection: the engine disposes each one it is done with.
  connect(): Promise<SqlDriverAdapter> {
    return connectPatched(this.url);
  }

  async connectToShadowDb(): Promise<SqlDriverAdapter> {
    if (this.shadowDatabaseUrl) {
      // The engine replays the migrations into every connection it asks for and never empties the
      // database itself: start each one from an empty public schema.
      await runStatement(this.shadowDatabaseUrl, 'DROP SCHEMA IF EXISTS public CASCADE; CREATE SCHEMA public');
      return connectPatched(this.shadowDatabaseUrl);
    }
    const name = `prisma_shadow_${Date.now()}_${Math.random().toString(36).slice(2, 8)}`;
    await runStatement(this.url, `CREATE DATABASE ${quoted(name)}`);
    this.openShadowDbs.add(name);
    const adapter = await connectPatched(databaseUrl(this.url, name));
    const dispose = adapter.dispose.bind(adapter);
    adapter.dispose = async () => {
      await dispose();
      await this.dropShadowDb(name);
    };
    return adapter;
  }

  private async dropShadowDb(name: string): Promise<void> {
    await runStatement(this.url, `DROP DATABASE IF EXISTS ${quoted(name)} WITH (FORCE)`);
    this.openShadowDbs.delete(name);
  }

  /** Drops the throwaway shadow databases the engine did not dispose of. */
  async dropLeftShadowDatabases(): Promise<void> {
    for (const name of [...this.openShadowDbs]) await this.dropShadowDb(name).catch(() => {});
  }
}

/** `url` with its database replaced by `postgres`, for CREATE/DROP DATABASE of the one it names. */
export function maintenanceUrl(url: string): { url: string; database: string } {
  const database = decodeURIComponent(new URL(url).pathname.slice(1));
  return { url: databaseUrl(url, 'postgres'), database };
}

export { quoted };
