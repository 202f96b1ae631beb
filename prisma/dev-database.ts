/**
 * The database `npm run dev` runs when DATABASE_URL is unset: an embedded Postgres on
 * 127.0.0.1 (local-only, throwaway credentials). Also the Prisma CLI's default, so
 * `npx prisma migrate status` inspects the dev database.
 */
export const DEV_DATABASE = { user: 'postgres', password: 'postgres', port: 54329, name: 'cleaning' } as const;

export function devDatabaseUrl(port: number = DEV_DATABASE.port): string {
  return `postgresql://${DEV_DATABASE.user}:${DEV_DATABASE.password}@127.0.0.1:${port}/${DEV_DATABASE.name}`;
}
