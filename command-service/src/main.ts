import { runApiService } from '@vip/platform';
import { createCommandApp } from './app.ts';
import { bootstrapAdminWhenWritable } from './auth/auth.commands.ts';
import { resolveCommandDeps } from './core/deps.ts';
import { startVisitorRetention } from './keys/visitor-retention.ts';

/**
 * command-service on its own (distributed mode, behind the proxy); the first start creates the
 * first admin, in the background until the log accepts writes (EventStoreDB may still be starting),
 * and the visitors' day keys past their retention are destroyed at start and then daily.
 */
await runApiService('command-service', resolveCommandDeps, createCommandApp, async (deps, signal) => {
  const retention = await startVisitorRetention(deps);
  signal.addEventListener('abort', () => void retention.stop(), { once: true });
  await bootstrapAdminWhenWritable(deps.eventStore, deps.config, deps.logger, { signal });
});
