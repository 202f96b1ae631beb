import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { ConfigError, envFields, parseEnv } from './parse-env';

const schema = z.object({
  DATABASE_URL: envFields.postgresUrl,
  REDIS_URL: envFields.redisUrl.optional(),
  PORT: envFields.port.default(3000),
});

describe('parseEnv', () => {
  it('accepts a good environment and applies defaults', () => {
    const env = parseEnv(schema, { DATABASE_URL: 'postgresql://u@127.0.0.1:5432/db' });
    expect(env).toEqual({ DATABASE_URL: 'postgresql://u@127.0.0.1:5432/db', PORT: 3000 });
  });

  it('treats empty strings as unset', () => {
    const env = parseEnv(schema, { DATABASE_URL: 'postgres://h/db', REDIS_URL: '' });
    expect(env.REDIS_URL).toBeUndefined();
  });

  it('names every bad variable', () => {
    let caught: unknown;
    try {
      parseEnv(schema, { DATABASE_URL: 'not a url', REDIS_URL: 'http://x', PORT: 'eighty' });
    } catch (error) {
      caught = error;
    }
    expect(caught).toBeInstanceOf(ConfigError);
    const problems = (caught as ConfigError).problems.join('\n');
    expect(problems).toContain('DATABASE_URL: must be a postgres:// or postgresql:// URL');
    expect(problems).toContain('REDIS_URL: must be a redis:// or rediss:// URL');
    expect(problems).toContain('PORT:');
  });

  it('reports a missing required variable', () => {
    expect(() => parseEnv(schema, {})).toThrow(/DATABASE_URL/);
  });
});
