import { randomUUID } from 'node:crypto';
import { parseArgs } from 'node:util';
import { registerUser } from '@vip/command-service';
import { closeContainer, createContainer, DomainError, loadConfig, TOKENS } from '@vip/platform';

/**
 * npm run user -- create <username> --password <pw> [--admin]
 * Appends to the same event store the server uses; a running server picks the new user up
 * within a second.
 */
const usage = [
  'Usage: npm run user -- create <username> --password <password> [--admin]',
  '',
  '  Creates a panel account in the event log the server reads (a running server sees it within a second).',
  '  --password  at least 10 characters',
  '  --admin     an admin account instead of a subscriber',
  '  --help      this text',
].join('\n');

/** The arguments, or null when they are not ones this command knows (parseArgs throws on those). */
function argumentsGiven() {
  try {
    return parseArgs({
      allowPositionals: true,
      options: {
        password: { type: 'string' },
        admin: { type: 'boolean', default: false },
        help: { type: 'boolean', short: 'h', default: false },
      },
    });
  } catch (error) {
    process.stderr.write(`${(error as Error).message}\n\n`);
    return null;
  }
}

const given = argumentsGiven();
if (given?.values.help) {
  process.stdout.write(`${usage}\n`);
  process.exit(0);
}
const [verb, username] = given?.positionals ?? [];
if (!given || verb !== 'create' || !username || !given.values.password) {
  process.stderr.write(`${usage}\n`);
  process.exit(2);
}
const { values } = given;
const password = values.password as string; // checked just above

const container = await createContainer(loadConfig(), 'user-cli');
try {
  const eventStore = await container.getAsync(TOKENS.eventStore);
  const correlationId = randomUUID();
  const { userId } = await registerUser(
    eventStore,
    { username, password, isAdmin: values.admin ?? false },
    {
      now: new Date(),
      metadata: { correlationId, causationId: correlationId, actor: { kind: 'system', id: 'user-cli' } },
    },
  );
  process.stdout.write(`Created ${values.admin ? 'admin' : 'user'} "${username}" (${userId})\n`);
} catch (error) {
  process.stderr.write(`${error instanceof DomainError ? error.message : String(error)}\n`);
  process.exitCode = 1;
} finally {
  await closeContainer(container);
}
