import type Router from '@koa/router';
import {
  healthApi,
  readModels,
  type CheckpointDocument,
  type HealthResponse,
  type ReadinessResponse,
} from '@vip/contracts';
import type { EventStore } from '../event-store/event-store.ts';
import type { ReadStore } from '../read-store/read-store.ts';
import { readCheckpoints } from '../projection-checkpoints.ts';
import { EventsBehind } from '../projection-lag.ts';
import { Readiness } from '../readiness.ts';
import { mountRoutes, on, type MountedRoute } from './mount.ts';

/**
 * GET /api/health: operational, not a product read. It is the one route allowed to ask the
 * event store something (its head, and how many events each read model is behind), so
 * operators can see how far each read model lags.
 * GET /api/ready: 200 when this process should get traffic (its stores answer, and whatever
 * else the process registered, e.g. caught-up projections), 503 before and while shutting down.
 */
export function healthRoutes(
  service: string,
  eventStore: EventStore,
  readStore: ReadStore,
  readiness = new Readiness(),
): Router {
  return mountRoutes(healthChecks(service, eventStore, readStore, readiness));
}

/** The two probes as routes of the catalogue, for a service that mounts them with its own. */
export function healthChecks(
  service: string,
  eventStore: EventStore,
  readStore: ReadStore,
  readiness = new Readiness(),
): MountedRoute[] {
  readiness.add('event store', async () => {
    await eventStore.headPosition();
    return true as const;
  });
  readiness.add('read store', async () => {
    await readStore.collection<CheckpointDocument>(readModels.checkpoints).findOne({ _id: '' });
    return true as const;
  });

  const eventsBehind = new EventsBehind(eventStore);
  return [
    on(healthApi.health, async () => {
      const [headPosition, checkpoints] = await Promise.all([eventStore.headPosition(), readCheckpoints(readStore)]);
      const lags = await eventsBehind.of(checkpoints.values());
      const projections = [...checkpoints].map(([name, checkpoint]) => ({
        name,
        checkpoint,
        lag: lags.get(checkpoint) ?? 0,
      }));
      const body: HealthResponse = {
        status: 'ok',
        service,
        eventStore: { adapter: eventStore.adapterName, headPosition },
        readStore: { adapter: readStore.adapterName },
        projections: projections.sort((a, b) => a.name.localeCompare(b.name)),
      };
      return body;
    }),
    on(healthApi.ready, async ({ ctx }) => {
      const { ready, checks } = await readiness.report();
      const body: ReadinessResponse = { status: ready ? 'ready' : 'not ready', service, checks };
      ctx.status = ready ? 200 : 503;
      ctx.body = body;
    }),
  ];
}
