// Lets `npx prisma <command>` run from the repository root; the configuration itself, with its
// Prisma 6 workarounds, lives in prisma/prisma.config.ts.
export { default } from './prisma/prisma.config';
