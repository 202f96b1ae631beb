// Prisma CLI configuration (generate, migrate dev/deploy/status, db seed).
//
// Prisma 7's CLI runs a native schema engine binary that it downloads on first use, from a host
// this project's machines cannot reach. We point it at schema-engine/schema-engine.js instead: a
// stand-in that answers the CLI with Prisma's WebAssembly schema engine (an npm package) over
// @prisma/adapter-pg, so nothing is ever downloaded (docs/decisions/prisma-schema-engine.md).
//
// Run from the repository root:  npx prisma <command> --config prisma/prisma.config.ts
// (or `npm run -w @app/db <generate|migrate:dev|migrate:deploy|migrate:status|seed>`).
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { defineConfig } from 'prisma/config';
import { devDatabaseUrl } from './dev-database';

const here = path.dirname(fileURLToPath(import.meta.url));

/**
 * The CLI's database; unset, the embedded database of `npm run dev` (so `npx prisma migrate status`
 * inspects it), but never in production, where a migration must not go looking for it.
 */
if (!process.env.DATABASE_URL && process.env.NODE_ENV === 'production') {
  throw new Error('DATABASE_URL: is required in production (the Prisma CLI falls back to the development database only outside production)');
}
const databaseUrl = process.env.DATABASE_URL || devDatabaseUrl();

// Every command that needs a schema engine (`generate` included: it asks for the binary before
// generating) starts this one; the CLI resolves the variable when it needs the engine, after
// loading this file.
process.env.PRISMA_SCHEMA_ENGINE_BINARY = path.join(here, 'schema-engine', 'schema-engine.js');

export default defineConfig({
  schema: path.join(here, 'schema.prisma'),
  migrations: {
    path: path.join(here, 'migrations'),
    // Absolute, so `prisma db seed` / `migrate reset` work from any working directory.
    seed: `tsx ${path.join(here, 'seed.ts')}`,
  },
  datasource: {
    url: databaseUrl,
    // `migrate dev`'s shadow database: unset, a throwaway one next to the main database
    // (schema-engine/adapter.ts).
    shadowDatabaseUrl: process.env.SHADOW_DATABASE_URL || undefined,
  },
});
