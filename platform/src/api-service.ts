import type { Container } from 'inversify';
import type Koa from 'koa';
import { loadConfig } from './config.ts';
import { closeContainer, createContainer } from './container.ts';
import { drainable } from './http/graceful-close.ts';
import { productServer } from './http/server.ts';
import type { ApiServiceDeps } from './http/service-app.ts';
import { divergencePolicyOf, exitOnRefusal, refuseDivergedReadModels } from './log-divergence.ts';
import { onShutdownSignal } from './shutdown.ts';
import { withStripePrices } from './stripe-prices.ts';

/**
 * An API service as a process of its own (distributed mode, behind the proxy): read models
 * ahead of the log (a lost tail, a restored backup) are not served, `prepare` runs before it
 * listens, and on SIGTERM it stops being ready, answers the requests in flight (their events
 * are appended) and closes the stores. `background` runs beside the service until it is done
 * or the service stops (the first admin, created once the log accepts writes).
 */
export async function runApiService<Deps extends ApiServiceDeps>(
  service: string,
  resolveDeps: (container: Container) => Promise<Deps>,
  appOf: (deps: Deps) => Koa,
  background?: (deps: Deps, signal: AbortSignal) => Promise<void>,
): Promise<void> {
  // Stripe's prices are read before the service starts: a wrong one in STRIPE_PRICES stops it
  const config = await withStripePrices(loadConfig()).catch(exitOnRefusal);
  const container = await createContainer(config, service);
  const deps = await resolveDeps(container);
  await refuseDivergedReadModels(deps.eventStore, deps.readStore, deps.logger, divergencePolicyOf()).catch(
    exitOnRefusal,
  );
  const stopping = new AbortController();
  void background?.(deps, stopping.signal).catch((error: unknown) =>
    deps.logger.error({ err: error }, `${service}: background work failed`),
  );
  const server = productServer(appOf(deps).callback(), config);
  const requests = drainable(server);
  server.listen(config.port, config.host, () => deps.logger.info({ port: config.port }, `${service} listening`));

  onShutdownSignal(deps.logger, async () => {
    stopping.abort();
    deps.readiness.drain();
    await requests.close();
    await closeContainer(container);
  });
}
