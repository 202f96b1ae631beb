import path from 'node:path';
import { runToCompletion } from './processes';
import { REPO_ROOT, bin } from './repo';

const PRISMA_CONFIG = path.join(REPO_ROOT, 'prisma', 'prisma.config.ts');

/** Applies committed migrations (never creates new ones) and loads the reference data. */
export async function migrateAndSeed(databaseUrl: string): Promise<void> {
  const env = { ...process.env, DATABASE_URL: databaseUrl };
  await runToCompletion(bin('prisma'), ['migrate', 'deploy', '--config', PRISMA_CONFIG], env);
  await runToCompletion(bin('tsx'), [path.join(REPO_ROOT, 'prisma', 'seed.ts')], env);
}
