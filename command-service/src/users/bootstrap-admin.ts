import { systemActor } from '@vip/contracts';
import { DomainError, passwords, type AppConfig, type EventStore, type Logger } from '@vip/platform';
import { randomUUID } from 'node:crypto';
import { registerUser, reservedUserId } from './register-user.ts';

/**
 * On a first start the product has no one who could sign in: create the admin from
 * ADMIN_USERNAME / ADMIN_PASSWORD, or generate a password and print it once to the
 * terminal (never to the structured log). Later starts leave the account alone.
 */
export async function bootstrapAdmin(
  store: EventStore,
  config: Pick<AppConfig, 'adminUsername' | 'adminPassword'>,
  logger: Logger,
  print: (line: string) => void = (line) => process.stdout.write(`${line}\n`),
): Promise<void> {
  if (await reservedUserId(store, config.adminUsername)) return;
  const password = config.adminPassword ?? passwords.generate();
  const correlationId = randomUUID();
  await registerUser(
    store,
    { username: config.adminUsername, password, isAdmin: true },
    { now: new Date(), metadata: { correlationId, causationId: correlationId, actor: systemActor } },
  );
  logger.info({ username: config.adminUsername }, 'created the first admin');
  if (!config.adminPassword) {
    print('');
    print(`  First start: created admin "${config.adminUsername}" with password: ${password}`);
    print('  It is shown only this once. Sign in and keep it somewhere safe.');
    print('');
  }
}

/**
 * bootstrapAdmin, tried again until the log accepts it (issue #19 item 17): a command-service
 * of docker-compose may start while EventStoreDB still refuses writes, and a bootstrap tried
 * once was skipped for good, leaving a fresh deployment nobody could sign in to. Waits 1 s,
 * then twice as long each time, at most 30 s; stops when `signal` aborts (shutdown). A
 * refusal no retry can mend (an ADMIN_PASSWORD the rules refuse) ends it with that error;
 * another replica that created the admin first ends it too (the next try finds the admin).
 */
export async function bootstrapAdminWhenWritable(
  store: EventStore,
  config: Pick<AppConfig, 'adminUsername' | 'adminPassword'>,
  logger: Logger,
  options: { signal?: AbortSignal; firstRetryMs?: number; print?: (line: string) => void } = {},
): Promise<void> {
  let waitMs = options.firstRetryMs ?? 1_000;
  for (let attempt = 1; !options.signal?.aborted; attempt++) {
    try {
      await bootstrapAdmin(store, config, logger, options.print);
      return;
    } catch (error) {
      if (error instanceof DomainError && error.kind === 'invalid') throw error;
      logger.warn({ err: error, attempt, retryInMs: waitMs }, 'the admin bootstrap waits for the event log');
    }
    await new Promise<void>((resolve) => {
      const timer = setTimeout(resolve, waitMs);
      options.signal?.addEventListener('abort', () => {
        clearTimeout(timer);
        resolve();
      });
    });
    waitMs = Math.min(waitMs * 2, 30_000);
  }
}
