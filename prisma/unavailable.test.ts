import pg from 'pg';
import { describe, expect, it } from 'vitest';
import { Prisma } from './client';
import { isDatabaseUnavailable } from './unavailable';

/** A server error as node-postgres builds it from an ErrorResponse. */
function serverError(code: string, message: string): pg.DatabaseError {
  return Object.assign(new pg.DatabaseError(message, 0, 'error'), { code, severity: 'FATAL' });
}

function socketError(code: string): Error {
  return Object.assign(new Error(`connect ${code} 127.0.0.1:5432`), { code, errno: -111, syscall: 'connect' });
}

function prismaError(code: string, meta?: Record<string, unknown>): Prisma.PrismaClientKnownRequestError {
  return new Prisma.PrismaClientKnownRequestError('Invalid `prisma.deal.findMany()` invocation', { code, clientVersion: '6', ...(meta && { meta }) });
}

/** What the pg driver adapter throws (its `cause` names the kind), as Prisma keeps it in P2010's meta. */
function adapterError(cause: Record<string, unknown>): Error {
  return Object.assign(new Error('DriverAdapterError'), { name: 'DriverAdapterError', cause });
}

describe('isDatabaseUnavailable', () => {
  it.each([
    ['connection refused', socketError('ECONNREFUSED')],
    ['connection reset', Object.assign(new Error('read ECONNRESET'), { code: 'ECONNRESET', syscall: 'read' })],
    ['host not found', socketError('ENOTFOUND')],
    ['the server gone mid-query', new Error('Connection terminated unexpectedly')],
    ['no pooled connection in time', new Error('timeout exceeded when trying to connect')],
    ['admin shutdown (a restart)', serverError('57P01', 'terminating connection due to administrator command')],
    ['crash shutdown', serverError('57P02', 'terminating connection because of crash of another server process')],
    ['starting up', serverError('57P03', 'the database system is starting up')],
    ['a connection exception', serverError('08006', 'connection failure')],
    ['too many connections', serverError('53300', 'sorry, too many clients already')],
    ['Prisma: cannot reach', prismaError('P1001')],
    ['Prisma: timed out reaching', prismaError('P1002')],
    ['Prisma: connection closed', prismaError('P1017')],
    ['Prisma: pool timeout', prismaError('P2024')],
    ['Prisma raw query: connection closed', prismaError('P2010', { driverAdapterError: adapterError({ kind: 'ConnectionClosed' }) })],
    ['Prisma raw query: not reachable', prismaError('P2010', { driverAdapterError: adapterError({ kind: 'DatabaseNotReachable', host: '127.0.0.1' }) })],
    ['Prisma raw query: starting up', prismaError('P2010', { driverAdapterError: adapterError({ kind: 'postgres', code: '57P03', originalCode: '57P03' }) })],
    ['wrapped in a cause', new Error('could not save', { cause: socketError('ECONNREFUSED') })],
  ])('%s', (_, error) => {
    expect(isDatabaseUnavailable(error)).toBe(true);
  });

  it.each([
    ['a unique violation', serverError('23505', 'duplicate key value violates unique constraint')],
    ['a syntax error', serverError('42601', 'syntax error at or near "SELEC"')],
    ['a statement timeout', serverError('57014', 'canceling statement due to statement timeout')],
    ['Prisma: unique constraint', prismaError('P2002')],
    ['Prisma: record not found', prismaError('P2025')],
    ['Prisma raw query: data error', prismaError('P2010', { driverAdapterError: adapterError({ kind: 'postgres', code: '22P02', originalCode: '22P02' }) })],
    ['a bug', new TypeError("Cannot read properties of undefined (reading 'id')")],
    ['a message that merely mentions a connection', Object.assign(new Error('Connection terminated'), { code: 'E_OURS' })],
    ['not an error', 'Connection terminated unexpectedly'],
    ['nothing', undefined],
  ])('not %s', (_, error) => {
    expect(isDatabaseUnavailable(error)).toBe(false);
  });

  it('survives an error that is its own cause', () => {
    const error = new Error('loop');
    Object.assign(error, { cause: error });
    expect(isDatabaseUnavailable(error)).toBe(false);
  });
});
