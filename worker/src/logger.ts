import { pino, type Logger } from 'pino';

export type { Logger };

export function createLogger(options: { service: string; level: string; format: 'json' | 'pretty' }): Logger {
  return pino({
    name: options.service,
    level: options.level,
    // Never log credentials or session cookies, wherever they appear in a logged object.
    redact: ['req.headers.cookie', 'req.headers.authorization', 'res.headers["set-cookie"]', '*.password', '*.code'],
    ...(options.format === 'pretty'
      ? { transport: { target: 'pino-pretty', options: { colorize: true, ignore: 'pid,hostname', singleLine: true } } }
      : {}),
  });
}
