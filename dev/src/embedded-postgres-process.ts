import { spawn } from 'node:child_process';
import path from 'node:path';
import type { EmbeddedDatabase } from './embedded-postgres';
import type { PostgresServerMessage, PostgresServerOptions } from './postgres-server';
import { REPO_ROOT } from './repo';

/** Starts dev/src/postgres-server.ts in its own process group and waits until the database is ready. */
export function startPostgresProcess(options: PostgresServerOptions, log: (line: string) => void): Promise<EmbeddedDatabase> {
  // One plain node process (tsx as a loader, not its wrapper binary, which would exit ahead of its child).
  const child = spawn(process.execPath, ['--import', 'tsx', path.join(import.meta.dirname, 'postgres-server.ts'), JSON.stringify(options)], {
    cwd: REPO_ROOT,
    detached: true,
    stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
  });
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  return new Promise((resolve, reject) => {
    child.once('exit', (code) => reject(new Error(`embedded Postgres exited with code ${code} before it was ready`)));
    child.on('message', (message: PostgresServerMessage) => {
      if (message.type === 'log') log(message.line);
      if (message.type === 'ready') {
        resolve({
          url: message.url,
          stop: async () => {
            if (child.exitCode === null) child.kill('SIGTERM');
            await exited;
          },
        });
      }
    });
  });
}
