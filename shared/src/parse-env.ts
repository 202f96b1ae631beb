import { z } from 'zod';
import { CUSTOMER_MESSAGE_KINDS, type CustomerMessageKind } from './customer-messages';

/**
 * Configuration parsing shared by every process (api, worker, dev runner).
 * Each process declares its own schema in its `env.ts`; this file holds the common
 * field types and the one function that turns a bad environment into a clear error.
 */
export class ConfigError extends Error {
  constructor(readonly problems: readonly string[]) {
    super(`Invalid configuration:\n${problems.map((p) => `  - ${p}`).join('\n')}`);
    this.name = 'ConfigError';
  }
}

function isUrlWithProtocol(value: string, protocols: readonly string[]): boolean {
  try {
    const url = new URL(value);
    return protocols.includes(url.protocol) && (url.hostname !== '' || url.searchParams.has('host'));
  } catch {
    return false;
  }
}

export const envFields = {
  nodeEnv: z.enum(['development', 'test', 'production']).default('development'),
  logLevel: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  logFormat: z.enum(['json', 'pretty']).default('json'),
  port: z.coerce.number().int().min(0).max(65_535),
  postgresUrl: z
    .string()
    .refine((v) => isUrlWithProtocol(v, ['postgres:', 'postgresql:']), 'must be a postgres:// or postgresql:// URL'),
  redisUrl: z.string().refine((v) => isUrlWithProtocol(v, ['redis:', 'rediss:']), 'must be a redis:// or rediss:// URL'),
  queuePrefix: z
    .string()
    .regex(/^[A-Za-z0-9_-]{1,40}$/, 'must be 1-40 letters, digits, dashes or underscores')
    .default('cleaning'),
  /**
   * CUSTOMER_TEXTS_OFF: the customer texts not to send, comma-separated kinds
   * (reminder,invoice_ready); unset sends every kind. Login codes are not among them.
   */
  customerTextsOff: z
    .string()
    .default('')
    .transform((value, ctx): ReadonlySet<CustomerMessageKind> => {
      const kinds = value.split(',').map((k) => k.trim()).filter(Boolean);
      const unknown = kinds.filter((k) => !(CUSTOMER_MESSAGE_KINDS as readonly string[]).includes(k));
      if (unknown.length > 0) ctx.addIssue({ code: 'custom', message: `unknown kind ${unknown.join(', ')}; the kinds are ${CUSTOMER_MESSAGE_KINDS.join(', ')}` });
      return new Set(kinds as CustomerMessageKind[]);
    }),
} as const;

/**
 * Parses `source` (normally `process.env`) with `schema`. Empty strings count as unset,
 * so `REDIS_URL=` in a compose file means "no Redis". Throws ConfigError naming every bad key.
 */
export function parseEnv<S extends z.ZodType>(schema: S, source: Readonly<Record<string, string | undefined>>): z.output<S> {
  const present = Object.fromEntries(Object.entries(source).filter(([, v]) => v !== undefined && v !== ''));
  const result = schema.safeParse(present);
  if (!result.success) {
    throw new ConfigError(
      result.error.issues.map((issue) => `${issue.path.join('.') || '(root)'}: ${issue.message}`),
    );
  }
  return result.data;
}
