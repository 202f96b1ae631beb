import { Prisma } from './generated/client';

/**
 * Whether a write failed on a unique index, as Prisma reports it both ways: P2002 from a model
 * query, P2010 wrapping the pg driver adapter's UniqueConstraintViolation from a raw one.
 */
export function isUniqueViolation(error: unknown): boolean {
  if (!(error instanceof Prisma.PrismaClientKnownRequestError)) return false;
  if (error.code === 'P2002') return true;
  const cause = (error.meta as { driverAdapterError?: { cause?: { kind?: unknown } } } | undefined)?.driverAdapterError?.cause;
  return error.code === 'P2010' && cause?.kind === 'UniqueConstraintViolation';
}
