import { execFile } from 'node:child_process';
import path from 'node:path';
import { promisify } from 'node:util';
import { closePrismaClient, createPrismaClient } from '@app/db/client';
import { seed } from '@app/db/seed';
import { REPO_ROOT, bin } from './repo';

const PRISMA_CONFIG = path.join(REPO_ROOT, 'prisma', 'prisma.config.ts');

/** Applies the committed migrations (`prisma migrate deploy`: never creates new ones). */
export async function migrateDatabase(databaseUrl: string): Promise<void> {
  try {
    await promisify(execFile)(bin('prisma'), ['migrate', 'deploy', '--config', PRISMA_CONFIG], {
      cwd: REPO_ROOT,
      env: { ...process.env, DATABASE_URL: databaseUrl },
      timeout: 120_000,
    });
  } catch (error) {
    const { stdout = '', stderr = '' } = error as { stdout?: string; stderr?: string };
    throw new Error(`prisma migrate deploy failed:\n${stdout}\n${stderr}`, { cause: error });
  }
}

/** Loads the reference data (catalogue, stages, careers, team); idempotent. */
export async function seedDatabase(databaseUrl: string): Promise<Awaited<ReturnType<typeof seed>>> {
  const db = createPrismaClient(databaseUrl, { applicationName: 'seed' });
  try {
    return await seed(db);
  } finally {
    await closePrismaClient(db);
  }
}

export async function migrateAndSeed(databaseUrl: string): Promise<void> {
  await migrateDatabase(databaseUrl);
  await seedDatabase(databaseUrl);
}
