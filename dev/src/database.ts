import { spawn } from 'node:child_process';
import path from 'node:path';
import { closePrismaClient, createPrismaClient } from '@app/db/client';
import { seed } from '@app/db/seed';
import { REPO_ROOT, bin } from './repo';

const PRISMA_CONFIG = path.join(REPO_ROOT, 'prisma', 'prisma.config.ts');

const MIGRATE_TIMEOUT_MS = 120_000;

/** Applies the committed migrations (`prisma migrate deploy`: never creates new ones). */
export async function migrateDatabase(databaseUrl: string): Promise<void> {
  const child = spawn(bin('prisma'), ['migrate', 'deploy', '--config', PRISMA_CONFIG], {
    cwd: REPO_ROOT,
    env: { ...process.env, DATABASE_URL: databaseUrl },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  try {
    await new Promise<void>((resolve, reject) => {
      const timer = setTimeout(() => reject(new Error(`timed out after ${MIGRATE_TIMEOUT_MS} ms`)), MIGRATE_TIMEOUT_MS);
      const read = (chunk: Buffer) => {
        output += chunk.toString();
      };
      child.stdout.on('data', read);
      child.stderr.on('data', read);
      child.on('error', (error) => {
        clearTimeout(timer);
        reject(error);
      });
      child.on('close', (code) => {
        clearTimeout(timer);
        if (code === 0) resolve();
        else reject(new Error(`exited with ${code}`));
      });
    });
  } catch (error) {
    throw new Error(`prisma migrate deploy failed:\n${output}`, { cause: error });
  } finally {
    if (child.exitCode === null) child.kill();
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
