import type { AddressInfo } from 'node:net';
import Koa from 'koa';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { createLogger } from '@app/runtime/logger';
import { errors } from '../errors';
import { errorHandler, UNAVAILABLE_RETRY_AFTER_SECONDS } from './error-handler';
import { requestContext } from './request-context';
import { apiErrorBody } from '@app/shared/api-error';

describe('error handler', () => {
  let base: string;
  let server: ReturnType<Koa['listen']>;

  beforeAll(async () => {
    const app = new Koa();
    app.silent = true;
    app.use(requestContext(createLogger({ service: 'test', level: 'silent', format: 'json' })));
    app.use(errorHandler());
    app.use((ctx) => {
      if (ctx.path === '/app-error') throw errors.validation('address.zip', 'Please enter a valid 5-digit zip code.');
      if (ctx.path === '/zod-error') z.object({ email: z.email('Please enter a valid email address.') }).parse({ email: 'x' });
      if (ctx.path === '/crash') throw new Error('database password is hunter2');
      if (ctx.path === '/database-down') throw Object.assign(new Error('connect ECONNREFUSED 10.0.0.5:5432'), { code: 'ECONNREFUSED', syscall: 'connect' });
      if (ctx.path === '/unavailable') throw errors.unavailable();
      ctx.body = { ok: true };
    });
    server = app.listen(0, '127.0.0.1');
    await new Promise((resolve) => server.once('listening', resolve));
    base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  });

  afterAll(() => void server.close());

  it('turns a typed error into { error, code, field } with its status', async () => {
    const res = await fetch(`${base}/app-error`);
    expect(res.status).toBe(400);
    expect(await res.json()).toEqual(
      apiErrorBody(
        'Please enter a valid 5-digit zip code.',
        'validation_failed',
        'address.zip',
      ),
    );
  });

  it('turns a zod error into a 400 naming the field', async () => {
    const res = await fetch(`${base}/zod-error`);
    expect(res.status).toBe(400);
    expect(await res.json()).toEqual(apiErrorBody('Please enter a valid email address.', 'validation_failed', 'email'));
  });

  it('answers a database that is not there with 503 and Retry-After, naming nothing of it', async () => {
    const res = await fetch(`${base}/database-down`);
    expect(res.status).toBe(503);
    expect(res.headers.get('retry-after')).toBe(String(UNAVAILABLE_RETRY_AFTER_SECONDS));
    const text = await res.text();
    expect(text).not.toContain('10.0.0.5');
    expect(JSON.parse(text)).toEqual(apiErrorBody('Service temporarily unavailable.', 'unavailable'));
  });

  it('gives every 503 a Retry-After', async () => {
    const res = await fetch(`${base}/unavailable`);
    expect(res.status).toBe(503);
    expect(res.headers.get('retry-after')).toBe(String(UNAVAILABLE_RETRY_AFTER_SECONDS));
  });

  it('hides unexpected errors behind a generic 500', async () => {
    const res = await fetch(`${base}/crash`);
    expect(res.status).toBe(500);
    const text = await res.text();
    expect(text).not.toContain('hunter2');
    expect(JSON.parse(text)).toEqual(apiErrorBody('Something went wrong on our side. Please try again.', 'internal'));
  });
});
