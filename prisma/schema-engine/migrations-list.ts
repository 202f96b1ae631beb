import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';

/**
 * A migrations directory as the CLI hands it to the schema engine (`migrationsList`): for the
 * tests that call the engine without the CLI.
 */
export function migrationsList(dir: string) {
  const lockfile = path.join(dir, 'migration_lock.toml');
  return {
    baseDir: dir,
    lockfile: { path: 'migration_lock.toml', content: readFileSync(lockfile, 'utf8') },
    shadowDbInitScript: '',
    migrationDirectories: readdirSync(dir, { withFileTypes: true })
      .filter((entry) => entry.isDirectory())
      .map((entry) => entry.name)
      .sort()
      .map((name) => ({
        path: name,
        migrationFile: { path: 'migration.sql', content: { tag: 'ok' as const, value: readFileSync(path.join(dir, name, 'migration.sql'), 'utf8') } },
      })),
  };
}
