import { pino, type Logger } from 'pino';

export type { Logger };

/**
 * Structured JSON logs. Secrets never reach a log: fields that could hold one are redacted
 * even if a caller passes them by mistake.
 */
export function createLogger(service: string, level = process.env.LOG_LEVEL || 'info'): Logger {
  return pino({
    name: service,
    level,
    redact: {
      paths: [
        'password',
        '*.password',
        'token',
        '*.token',
        'authorization',
        '*.authorization',
        'req.headers.authorization',
        'key',
        '*.key',
      ],
      censor: '[redacted]',
    },
  });
}
