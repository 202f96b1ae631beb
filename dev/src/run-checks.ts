// `npm test`'s checks before the tests: typecheck, lint and build at the same time (each mostly
// uses one core), each one's output printed whole when it ends, so the lines never interleave.
// Fails when any of them fails, after all have ended. The Prisma client is generated before
// (`npm test` runs db:generate first), so the build does not rewrite it while tsc reads it.
import { spawn } from 'node:child_process';
import { REPO_ROOT } from './repo';

const CHECKS = ['typecheck', 'lint', 'build:app'] as const;

function run(script: string): Promise<{ script: string; code: number | null; output: string; seconds: number }> {
  const started = Date.now();
  return new Promise((resolve) => {
    const child = spawn('npm', ['run', '-s', script], { cwd: REPO_ROOT, stdio: ['ignore', 'pipe', 'pipe'] });
    let output = '';
    child.stdout.on('data', (chunk: Buffer) => (output += chunk.toString()));
    child.stderr.on('data', (chunk: Buffer) => (output += chunk.toString()));
    child.on('close', (code) => resolve({ script, code, output, seconds: (Date.now() - started) / 1000 }));
  });
}

const results = await Promise.all(
  CHECKS.map(async (script) => {
    const result = await run(script);
    process.stdout.write(`\n[checks] ${script}: ${result.code === 0 ? 'ok' : `failed (exit ${result.code})`} in ${result.seconds.toFixed(1)} s\n${result.output}`);
    return result;
  }),
);
const failed = results.filter((r) => r.code !== 0).map((r) => r.script);
if (failed.length > 0) {
  process.stderr.write(`\n[checks] failed: ${failed.join(', ')}\n`);
  process.exit(1);
}
