import { readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { EMBEDDED_POSTGRES_MAJOR, otherMajorCluster } from './postgres-major';
import { REPO_ROOT } from './repo';

describe('embedded Postgres', () => {
  it('knows the Postgres major of the embedded-postgres it is pinned to', () => {
    const pinned = (JSON.parse(readFileSync(path.join(REPO_ROOT, 'dev/package.json'), 'utf8')) as { dependencies: Record<string, string> }).dependencies['embedded-postgres'];
    expect(pinned?.split('.')[0]).toBe(String(EMBEDDED_POSTGRES_MAJOR));
  });

  it('starts a cluster of its own major, and says what to do with one of another', () => {
    expect(otherMajorCluster('.data/postgres', String(EMBEDDED_POSTGRES_MAJOR))).toBeUndefined();
    const problem = otherMajorCluster('.data/postgres', String(EMBEDDED_POSTGRES_MAJOR - 1));
    expect(problem).toContain(`.data/postgres holds a Postgres ${EMBEDDED_POSTGRES_MAJOR - 1} cluster`);
    expect(problem).toContain('DATABASE_URL');
  });
});
