import { isMainThread, workerData } from 'node:worker_threads';
import { type DestinationStream, type Logger, pino } from 'pino';
import pretty from 'pino-pretty';

export type { Logger };

/** Where log lines go: a terminal gets them readable, anything else (a pipe, a file, a log shipper) JSON. */
export type LogOutput = NodeJS.WritableStream & { isTTY?: boolean };

/**
 * Structured logs: one JSON object per line, or, when the output is a terminal (`npm start`
 * in a shell), one readable line per record. Secrets never reach a log: fields that could
 * hold one are redacted even if a caller passes them by mistake.
 */
export function createLogger(
  service: string,
  level = process.env.LOG_LEVEL || 'info',
  output: LogOutput = process.stdout,
): Logger {
  const options = {
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
  };
  if (output.isTTY || readableInThisThread(output)) return pino(options, readable(output));
  // stdout as today: pino's own synchronous writer on file descriptor 1
  return output === process.stdout ? pino(options) : pino(options, output as DestinationStream);
}

/**
 * A worker thread's stdout is a pipe to the main thread's, never a terminal: the thread that
 * starts it says in its workerData whether the main thread's is one (`readableLogs`).
 */
function readableInThisThread(output: LogOutput): boolean {
  return (
    !isMainThread && output === process.stdout && (workerData as { readableLogs?: boolean })?.readableLogs === true
  );
}

/** What a thread that logs is given in its workerData, so its lines look like the main thread's. */
export const logSettingsForThread = () => ({ readableLogs: process.stdout.isTTY === true });

/**
 * One line per record, written synchronously so that lines printed straight to the terminal
 * (the first admin's password, the address) stay where they were printed among them.
 */
function readable(output: LogOutput): DestinationStream {
  return pretty({
    destination: output,
    sync: true,
    colorize: true,
    singleLine: true,
    translateTime: 'SYS:HH:MM:ss',
    ignore: 'pid,hostname',
  });
}
