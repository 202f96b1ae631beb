import type pg from 'pg';
import { describe, expectTypeOf, it } from 'vitest';

// docs/decisions/pg-backend-pid.md: settle-write.ts reads `client.processID` through a cast,
// because pg sets it but its types leave it out. Checked by the typecheck (`npm run typecheck`):
// once @types/pg declares the field, this fails, and the cast can go.
describe("pg's types", () => {
  it('still leave out the connection\'s processID', () => {
    expectTypeOf<pg.PoolClient extends { processID: unknown } ? 'declared' : 'left out'>().toEqualTypeOf<'left out'>();
  });
});
