#!/usr/bin/env node
// The executable Prisma's CLI starts as its schema engine (PRISMA_SCHEMA_ENGINE_BINARY, set by
// prisma/prisma.config.ts): runs main.ts through tsx, as the rest of the tooling runs.
import { tsImport } from 'tsx/esm/api';

const { main } = await tsImport('./main.ts', import.meta.url);
await main(process.argv.slice(2));
