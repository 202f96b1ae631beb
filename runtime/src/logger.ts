import { pino, type DestinationStream, type Logger } from 'pino';

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

/**
 * Paths never written to a log. Credentials and session cookies; and a customer's entry code
 * (docs/home-profile.md), which travels as `value` in a request body: no body is logged today,
 * and should one ever be, the code is not in it.
 */
export const REDACTED_PATHS = [
  'req.headers.cookie',
  'req.headers.authorization',
  'res.headers["set-cookie"]',
  '*.password',
  'req.body.value',
  'request.body.value',
  'body.value',
  '*.body.value',
];

/** `destination`: where the lines go instead of stdout (tests read them); JSON format only. */
export function createLogger(options: { service: string; level: string; format: 'json' | 'pretty'; destination?: DestinationStream }): Logger {
  const settings = {
    name: options.service,
    level: options.level,
    serializers: { err: compactError },
    redact: REDACTED_PATHS,
    ...(options.format === 'pretty' && !options.destination
      ? { transport: { target: 'pino-pretty', options: { colorize: true, ignore: 'pid,hostname', singleLine: true } } }
      : {}),
  };
  return options.destination ? pino(settings, options.destination) : pino(settings);
}
