import type { Middleware } from 'koa';
import { apiErrorBody } from '@app/shared/api-error';
import { ZodError } from 'zod';
import { WriteOutcomeUnknown } from '@app/db/settle-write';
import { isDatabaseUnavailable } from '@app/db/unavailable';
import { AppError, errors } from '../errors';

/**
 * Retry-After of a 503 that does not name its own: Postgres restarting is back within seconds,
 * and a form sent again sooner only meets the same refusal.
 */
export const UNAVAILABLE_RETRY_AFTER_SECONDS = 2;
/** While the database is away every request fails the same way: one warning per this long, not one per request. */
const UNAVAILABLE_WARN_EVERY_MS = 10_000;

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

/** The error's message and code, without the stack or the driver's objects. */
function describe(error: unknown): string {
  if (!(error instanceof Error)) return String(error);
  const code = (error as { code?: unknown }).code;
  return typeof code === 'string' ? `${code}: ${error.message.trim()}` : error.message.trim();
}

function fromZodError(error: ZodError): AppError {
  const issue = error.issues[0];
  const field = issue?.path.join('.') ?? '';
  return errors.validation(field, issue?.message ?? 'Invalid input.');
}

/**
 * The one place where thrown errors become HTTP answers. Unknown errors are logged and hidden.
 * A database that is not there (prisma/unavailable.ts) is no bug of ours: 503 `unavailable`
 * with Retry-After, and a warning (without stack) at most every ten seconds; every such
 * request still has its own request log line with its status. A write it left undecided
 * (prisma/settle-write.ts) is logged as an error each time.
 */
export function errorHandler(): Middleware {
  let lastUnavailableWarning = -Infinity;
  let unavailableSinceWarning = 0;
  return async (ctx, next) => {
    try {
      await next();
    } catch (error) {
      const databaseUnavailable = !(error instanceof AppError) && isDatabaseUnavailable(error);
      // Someone has to look: a booking (say) may be stored though its sender was told to try again.
      if (error instanceof WriteOutcomeUnknown) ctx.state.log?.error({ err: error }, 'write outcome unknown');
      else if (databaseUnavailable) {
        unavailableSinceWarning++;
        if (performance.now() - lastUnavailableWarning >= UNAVAILABLE_WARN_EVERY_MS) {
          ctx.state.log?.warn({ error: describe(error), refused: unavailableSinceWarning }, 'database unavailable: answering 503');
          lastUnavailableWarning = performance.now();
          unavailableSinceWarning = 0;
        }
      }
      const known = databaseUnavailable
        ? errors.unavailable()
        : error instanceof AppError ? error : error instanceof ZodError ? fromZodError(error) : fromHttpError(error);
      if (known) {
        if (known.status === 503 && !ctx.response.get('Retry-After')) ctx.set('Retry-After', String(UNAVAILABLE_RETRY_AFTER_SECONDS));
        ctx.status = known.status;
        ctx.body = apiErrorBody(known.message, known.code, known.field);
        return;
      }
      ctx.state.log?.error({ err: error }, 'unhandled error');
      ctx.status = 500;
      ctx.body = apiErrorBody('Something went wrong on our side. Please try again.', 'internal');
    }
  };
}
