import path from 'node:path';

/** Repository root, whatever the working directory the runner was started from. */
export const REPO_ROOT = path.resolve(import.meta.dirname, '..', '..');

/** A binary installed by npm at the repository root. */
export function bin(name: string): string {
  return path.join(REPO_ROOT, 'node_modules', '.bin', name);
}
