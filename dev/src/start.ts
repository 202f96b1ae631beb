/**
 * `npm start`: the production build on one machine — the API (serving the built web app)
 * and the worker, each a plain `node` process. Configuration comes from the environment
 * (DATABASE_URL is required; see docs/configuration.md). Stops both on SIGINT/SIGTERM.
 */
import path from 'node:path';
import { spawn, type ChildProcess } from 'node:child_process';

const root = path.resolve(import.meta.dirname, '..', '..');
const env = { ...process.env, NODE_ENV: process.env.NODE_ENV ?? 'production', WEB_DIST_DIR: process.env.WEB_DIST_DIR ?? path.join(root, 'web', 'dist') };

const children: ChildProcess[] = ['api/dist/main.js', 'worker/dist/main.js'].map((entry) =>
  spawn(process.execPath, ['--enable-source-maps', path.join(root, entry)], { env, stdio: 'inherit' }),
);

let exiting = false;
function stopAll(signal: NodeJS.Signals) {
  exiting = true;
  for (const child of children) if (child.exitCode === null) child.kill(signal);
}
process.on('SIGINT', () => stopAll('SIGTERM'));
process.on('SIGTERM', () => stopAll('SIGTERM'));

let remaining = children.length;
let worst = 0;
for (const child of children) {
  child.on('exit', (code) => {
    worst = Math.max(worst, code ?? 1);
    if (!exiting) stopAll('SIGTERM'); // one process down takes the other with it, so a supervisor restarts both
    if (--remaining === 0) process.exit(exiting && worst === 0 ? 0 : worst);
  });
}
