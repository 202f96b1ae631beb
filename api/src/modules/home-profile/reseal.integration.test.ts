import { randomBytes, randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createPrismaClient, type Db } from '@app/db/client';
import { testDatabaseUrl } from '../../../../test/context';
import { createCustomer } from '../../../../test/portal-app';
import { resealAll } from './reseal';
import { keyringOf, open, seal } from './sealing';
import { addSecret } from './service';

const key = () => randomBytes(32).toString('base64');
const K1 = key();
const K2 = key();
const now = () => new Date('2026-12-10T13:00:00Z');

/** Key rotation (docs/home-profile.md#rotating-the-key): a new key first, then every secret sealed again under it. */
describe('re-sealing under the newest key', () => {
  let db: Db;
  beforeAll(() => {
    db = createPrismaClient(testDatabaseUrl());
  });
  afterAll(() => db.$disconnect());

  it('re-seals what older keys sealed, leaves the rest, and reports what did not open', async () => {
    const old = keyringOf(`k1:${K1}`);
    const customer = await createCustomer(db, { with: 'invite' });
    const codes = ['1111', '2222', '3333'];
    const ids = [];
    for (const [i, value] of codes.entries()) ids.push((await addSecret({ db, now, homeSecrets: old }, customer.id, { kind: 'door', label: `Door ${i}`, value })).id);
    // A row sealed under a key nobody has any more.
    const lost = randomUUID();
    await db.homeSecret.create({
      data: { id: lost, contactId: customer.id, kind: 'other', label: 'Lost key', keyId: 'k0', ...asColumns(seal(keyringOf(`k0:${key()}`), '9999', { contactId: customer.id, secretId: lost })) },
    });

    const rotated = keyringOf(`k2:${K2},k1:${K1}`);
    const report = await resealAll({ db, homeSecrets: rotated });
    expect(report.resealed).toBeGreaterThanOrEqual(codes.length);
    expect(report.failed).toContainEqual({ id: lost, reason: 'unknown_key' });

    // The old key can go: every code still opens under the new one alone.
    const onlyNew = keyringOf(`k2:${K2}`);
    for (const [i, id] of ids.entries()) {
      const row = await db.homeSecret.findUniqueOrThrow({ where: { id } });
      expect(row.keyId).toBe('k2');
      expect(open(onlyNew, row, { contactId: customer.id, secretId: id })).toBe(codes[i]);
    }

    // Run again: nothing left to do but the one that does not open.
    const again = await resealAll({ db, homeSecrets: rotated });
    expect(again.resealed).toBe(0);
    expect(again.failed.map((f) => f.id)).toContain(lost);
  });
});

function asColumns(sealed: { ciphertext: Uint8Array; iv: Uint8Array; authTag: Uint8Array }) {
  return { ciphertext: Buffer.from(sealed.ciphertext), iv: Buffer.from(sealed.iv), authTag: Buffer.from(sealed.authTag) };
}
