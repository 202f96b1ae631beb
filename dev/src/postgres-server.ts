/**
 * The embedded Postgres of `npm run dev`, run by the dev runner as a separate process in its
 * own process group: a terminal's Ctrl-C must not reach the database before api and worker
 * have stopped. Talks to the runner over IPC; stops the database on SIGTERM, or when the
 * runner is gone (IPC disconnect).
 */
import { startEmbeddedPostgres } from './embedded-postgres';

export interface PostgresServerOptions {
  dataDir: string;
  port: number;
  database: string;
}

export type PostgresServerMessage = { type: 'log'; line: string } | { type: 'ready'; url: string };

const send = (message: PostgresServerMessage) => process.send?.(message);
const options = JSON.parse(process.argv[2] ?? '{}') as PostgresServerOptions;

try {
  const server = await startEmbeddedPostgres({ ...options, log: (line) => send({ type: 'log', line }) });
  let stopping = false;
  const stop = () => {
    if (stopping) return;
    stopping = true;
    void server.stop().finally(() => process.exit(0));
  };
  process.on('SIGTERM', stop);
  process.on('SIGINT', stop);
  process.on('disconnect', stop);
  send({ type: 'ready', url: server.url });
} catch (error) {
  console.error(error instanceof Error ? error.message : error);
  process.exit(1);
}
