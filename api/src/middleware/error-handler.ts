import type { Middleware } from 'koa';
import { ZodError } from 'zod';
import { AppError, errors } from '../errors';

/** Status codes raised by Koa and its body parser (http-errors) that we answer with our own shape. */
function fromHttpError(error: unknown): AppError | undefined {
  if (typeof error !== 'object' || error === null || !('status' in error)) return undefined;
  const status = Number((error as { status: unknown }).status);
  if (status === 413) return errors.payloadTooLarge();
  if (status === 415) return errors.unsupportedMediaType();
  if (status === 400) return errors.badRequest('The request body is not valid JSON.');
  if (status === 404) return errors.notFound();
  return undefined;
}

function fromZodError(error: ZodError): AppError {
  const issue = error.issues[0];
  const field = issue?.path.join('.') ?? '';
  return errors.validation(field, issue?.message ?? 'Invalid input.');
}

/** The one place where thrown errors become HTTP answers. Unknown errors are logged and hidden. */
export function errorHandler(): Middleware {
  return async (ctx, next) => {
    try {
      await next();
    } catch (error) {
      const known =
        error instanceof AppError ? error : error instanceof ZodError ? fromZodError(error) : fromHttpError(error);
      if (known) {
        ctx.status = known.status;
        ctx.body = { error: known.message, code: known.code, ...(known.field !== undefined ? { field: known.field } : {}) };
        return;
      }
      ctx.state.log?.error({ err: error }, 'unhandled error');
      ctx.status = 500;
      ctx.body = { error: 'Something went wrong on our side. Please try again.', code: 'internal' };
    }
  };
}
