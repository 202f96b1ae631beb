import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createPrismaClient, type Db } from '@app/db/client';
import { testDatabaseUrl } from '../../../test/context';
import { OUTBOX_EVENTS } from './events';

/**
 * Every event type's "done" condition is SQL the reconciler runs over outbox rows: each must
 * run against the real schema, and an event whose row is gone must count as done.
 */
describe('outbox event contract: done conditions', () => {
  let db: Db;
  beforeAll(() => {
    db = createPrismaClient(testDatabaseUrl());
  });
  afterAll(() => db.$disconnect());

  it.each(Object.entries(OUTBOX_EVENTS))('%s: runs on the schema, and an event about a row that is gone is done', async (type, contract) => {
    const id = randomUUID();
    const payload = Object.fromEntries(Object.keys((contract.payload as unknown as { shape: object }).shape).map((key) => [key, randomUUID()]));
    await db.outboxEvent.create({ data: { id, type, payload, aggregateType: contract.aggregateType, aggregateId: randomUUID(), completedAt: null } });
    try {
      const [row] = await db.$queryRawUnsafe<{ done: boolean }[]>(`SELECT (${contract.doneSql}) AS done FROM outbox_event e WHERE e.id = $1::uuid`, id);
      // Owner assignments are done by a later assignment, not by a missing row: only that the SQL runs.
      if (type !== 'crm.assign-owner') expect(row?.done).toBe(true);
      else expect(row?.done).toBe(false);
    } finally {
      await db.outboxEvent.delete({ where: { id } });
    }
  });
});
