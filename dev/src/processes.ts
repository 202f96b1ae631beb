import { spawn, type ChildProcess } from 'node:child_process';
import { createInterface } from 'node:readline';

const COLORS = ['\x1b[36m', '\x1b[35m', '\x1b[33m', '\x1b[32m', '\x1b[34m'];
const RESET = '\x1b[0m';

export interface Managed {
  name: string;
  child: ChildProcess;
  exited: Promise<number | null>;
}

const running = new Set<ChildProcess>();

// Last resort when the runner exits without stopping them (a crash): take every group down.
process.on('exit', () => {
  for (const child of running) if (child.exitCode === null && child.pid) killGroup(child.pid, 'SIGKILL');
});

function killGroup(pid: number, signal: NodeJS.Signals): void {
  try {
    process.kill(-pid, signal);
  } catch {
    /* already gone */
  }
}

/**
 * Runs a command with its output prefixed by `[name]`, like a small process manager.
 * Each process gets its own process group, so a terminal's Ctrl-C reaches only the runner,
 * which then stops everything in order (see stopAll).
 */
export function startProcess(name: string, command: string, args: string[], env: NodeJS.ProcessEnv, index: number): Managed {
  const child = spawn(command, args, { env, stdio: ['ignore', 'pipe', 'pipe'], detached: true });
  running.add(child);
  child.once('exit', () => running.delete(child));
  const color = process.stdout.isTTY ? (COLORS[index % COLORS.length] ?? '') : '';
  const prefix = `${color}[${name}]${color ? RESET : ''} `;
  for (const stream of [child.stdout, child.stderr]) {
    createInterface({ input: stream }).on('line', (line) => process.stdout.write(`${prefix}${line}\n`));
  }
  const exited = new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)));
  return { name, child, exited };
}

/** Asks every process to stop (one SIGTERM each), then kills the groups still alive after `graceMs`. */
export async function stopAll(processes: readonly Managed[], graceMs: number): Promise<void> {
  for (const p of processes) if (p.child.exitCode === null) p.child.kill('SIGTERM');
  const timer = setTimeout(() => {
    for (const p of processes) if (p.child.exitCode === null && p.child.pid) killGroup(p.child.pid, 'SIGKILL');
  }, graceMs);
  await Promise.all(processes.map((p) => p.exited));
  clearTimeout(timer);
}

/** Runs a command to completion, inheriting the terminal; rejects on a non-zero exit. */
export function runToCompletion(command: string, args: string[], env: NodeJS.ProcessEnv): Promise<void> {
  return new Promise((resolve, reject) => {
    const child = spawn(command, args, { env, stdio: 'inherit' });
    child.once('error', reject);
    child.once('exit', (code) => (code === 0 ? resolve() : reject(new Error(`${command} ${args.join(' ')} exited with ${code}`))));
  });
}
