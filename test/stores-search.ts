import { Redis } from 'ioredis';
import type { Db } from '@app/db/client';

/**
 * Where a secret (a login code) appears at rest: every row of every table of the database, as
 * text, and every value under a Redis key prefix. `token` is matched as a whole word, so a code
 * inside a longer run of digits (a phone number) or a timestamp's fraction of a second is no match.
 */
export async function tablesHolding(db: Db, token: string): Promise<string[]> {
  const tables = await db.$queryRaw<{ name: string }[]>`
    SELECT table_name::text AS name FROM information_schema.tables WHERE table_schema = 'public' AND table_type = 'BASE TABLE'`;
  const found: string[] = [];
  for (const { name } of tables) {
    // Not after a '.': a timestamp's microseconds are six digits too.
    const pattern = `(^|[^.[:alnum:]_])${token}\\M`;
    const [row] = await db.$queryRawUnsafe<{ n: bigint }[]>(`SELECT count(*) AS n FROM "${name}" t WHERE t::text ~ $1`, pattern);
    if (row && Number(row.n) > 0) found.push(name);
  }
  return found;
}

export async function redisKeysHolding(redisUrl: string, prefix: string, token: string): Promise<string[]> {
  const redis = new Redis(redisUrl, { maxRetriesPerRequest: null });
  const word = new RegExp(`(^|\\D)${token}(\\D|$)`);
  const found: string[] = [];
  try {
    let cursor = '0';
    do {
      const [next, keys] = await redis.scan(cursor, 'MATCH', `${prefix}*`, 'COUNT', '500');
      cursor = next;
      for (const key of keys) {
        const type = await redis.type(key);
        const values =
          type === 'string'
            ? [(await redis.get(key)) ?? '']
            : type === 'hash'
              ? Object.values(await redis.hgetall(key))
              : type === 'list'
                ? await redis.lrange(key, 0, -1)
                : type === 'set'
                  ? await redis.smembers(key)
                  : type === 'zset'
                    ? await redis.zrange(key, '0', '-1')
                    : type === 'stream'
                      ? (await redis.xrange(key, '-', '+')).flatMap(([, fields]) => fields)
                      : [];
        if (values.some((v) => word.test(v))) found.push(key);
      }
    } while (cursor !== '0');
  } finally {
    redis.disconnect();
  }
  return found;
}
