import { systemActor } from '@vip/contracts';
import { passwords, type AppConfig, type EventStore, type Logger } from '@vip/platform';
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
