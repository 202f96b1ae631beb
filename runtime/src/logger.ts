import { pino, type Logger } from 'pino';

export type { Logger };

/**
 * Errors are logged as type, message, code and stack only: driver errors carry whole client
 * objects (connection settings, buffers) that would flood the log.
 */
function compactError(error: unknown): Record<string, unknown> {
  if (!(error instanceof Error)) return { message: String(error) };
  const code = (error as { code?: unknown }).code;
  return {
    type: error.name,
    message: error.message,
    ...(typeof code === 'string' || typeof code === 'number' ? { code } : {}),
    stack: error.stack,
    ...(error.cause !== undefined ? { cause: compactError(error.cause) } : {}),
  };
}

export function createLogger(options: { service: string; level: string; format: 'json' | 'pretty' }): Logger {
  return pino({
    name: options.service,
    level: options.level,
    serializers: { err: compactError },
    // Never log credentials or session cookies, wherever they appear in a logged object.
    redact: ['req.headers.cookie', 'req.headers.authorization', 'res.headers["set-cookie"]', '*.password'],
    ...(options.format === 'pretty'
      ? { transport: { target: 'pino-pretty', options: { colorize: true, ignore: 'pid,hostname', singleLine: true } } }
      : {}),
  });
}
