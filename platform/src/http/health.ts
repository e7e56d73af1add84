import Router from '@koa/router';
import type { HealthResponse } from '@vip/contracts';
import type { EventStore } from '../event-store/event-store.ts';
import type { ReadStore } from '../read-store/read-store.ts';
import { readCheckpoints } from '../projection-checkpoints.ts';

/**
 * GET /api/health: operational, not a product read. It is the one route allowed to ask the
 * event store something (its head), so operators can see how far each read model lags.
 */
export function healthRoutes(service: string, eventStore: EventStore, readStore: ReadStore): Router {
  const router = new Router();
  router.get('/api/health', async (ctx) => {
    const [headPosition, checkpoints] = await Promise.all([eventStore.headPosition(), readCheckpoints(readStore)]);
    const projections = [...checkpoints].map(([name, checkpoint]) => ({
      name,
      checkpoint,
      lag: headPosition === null ? 0 : Math.max(0, headPosition - checkpoint),
    }));
    const body: HealthResponse = {
      status: 'ok',
      service,
      eventStore: { adapter: eventStore.adapterName, headPosition },
      readStore: { adapter: readStore.adapterName },
      projections: projections.sort((a, b) => a.name.localeCompare(b.name)),
    };
    ctx.body = body;
  });
  return router;
}
