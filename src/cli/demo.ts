import { randomUUID } from 'node:crypto';
import { reportGuild } from '@vip/command-service';
import type { GuildSnapshot } from '@vip/contracts';
import { closeContainer, createContainer, loadConfig, TOKENS } from '@vip/platform';

/**
 * npm run demo
 * Seeds a demo server through the very command the key bot's report uses, so every screen
 * works without Discord (decisions.md §8). Appends to the same event store as the server,
 * which picks the report up within a second; a second run finds it unchanged and appends
 * nothing.
 */
const DEMO_SERVER_ID = '100000000000000001';
const demoServer: GuildSnapshot = {
  name: 'Demo Server',
  icon: null,
  memberCount: 1234,
  channels: [
    { id: '100000000000000011', name: 'general' },
    { id: '100000000000000012', name: 'welcome' },
    { id: '100000000000000013', name: 'vip-lounge' },
    { id: '100000000000000014', name: 'announcements' },
  ],
  missingPermissions: [],
};

const config = loadConfig();
const container = await createContainer(config, 'demo-cli');
try {
  const eventStore = await container.getAsync(TOKENS.eventStore);
  const correlationId = randomUUID();
  const { changed } = await reportGuild({ eventStore }, DEMO_SERVER_ID, demoServer, {
    now: new Date(),
    metadata: { correlationId, causationId: correlationId, actor: { kind: 'system', id: 'demo-cli' } },
  });
  process.stdout.write(
    changed
      ? `Seeded the demo server "${demoServer.name}" (${DEMO_SERVER_ID}).\n`
      : `The demo server "${demoServer.name}" (${DEMO_SERVER_ID}) is already there; nothing appended.\n`,
  );
  process.stdout.write(`Open its key page: http://localhost:${config.port || 3000}/gen?serverid=${DEMO_SERVER_ID}\n`);
} catch (error) {
  process.stderr.write(`${error instanceof Error ? error.message : String(error)}\n`);
  process.exitCode = 1;
} finally {
  await closeContainer(container);
}
