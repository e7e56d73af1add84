import type Router from '@koa/router';
import {
  type AnswerOf,
  type BotState,
  type BotStates,
  type CheckpointDocument,
  healthApi,
  readModels,
} from '@vip/contracts';
import type { EventStore } from '../event-store/event-store.ts';
import { readCheckpoints } from '../projection-checkpoints.ts';
import { EventsBehind } from '../projection-lag.ts';
import type { ReadStore } from '../read-store/read-store.ts';
import { Readiness } from '../readiness.ts';
import { answeredOnCtx, type MountedRoute, mountRoutes, on } from './mount.ts';
import { metricsCaller } from './operations.ts';

/** Who sees the details of /api/health besides admins: a request with the deployment's METRICS_TOKEN. */
export interface HealthAccess {
  metricsToken?: string;
  /** The bots run in this process (the all-in-one): health says whether each one runs. */
  botsHere?: boolean;
}

/** A bot's readiness check as its state; no check at all: it was not started here. */
function botStateOf(outcome: string | null): BotState {
  if (outcome === 'ok') return 'running';
  if (outcome === 'starting' || outcome?.startsWith('catching up')) return 'starting';
  return 'not running';
}

/**
 * GET /api/health: operational, not a product read. Anyone learns whether the service is up
 * (its stores answer); admins and a scraper with METRICS_TOKEN also see the details (issue
 * #19 item 5): the adapters, the log's head and how many events each read model is behind.
 * It is the one route allowed to ask the event store something.
 * GET /api/ready: 200 when this process should get traffic (its stores answer, and whatever
 * else the process registered, e.g. caught-up projections), 503 before and while shutting down.
 */
export function healthRoutes(
  service: string,
  eventStore: EventStore,
  readStore: ReadStore,
  readiness = new Readiness(),
  access: HealthAccess = {},
): Router {
  return mountRoutes(healthChecks(service, eventStore, readStore, readiness, access));
}

/** The two probes as routes of the catalogue, for a service that mounts them with its own. */
export function healthChecks(
  service: string,
  eventStore: EventStore,
  readStore: ReadStore,
  readiness = new Readiness(),
  access: HealthAccess = {},
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
  const botStates = async (): Promise<{ bots?: BotStates }> => {
    if (!access.botsHere) return {};
    const [key, poster] = await Promise.all([readiness.outcomeOf('key bot'), readiness.outcomeOf('poster bot')]);
    return { bots: { key: botStateOf(key), poster: botStateOf(poster) } };
  };
  return [
    on(healthApi.health, async ({ ctx, user }) => {
      if (!user?.isAdmin && !metricsCaller(ctx, access.metricsToken)) {
        const up = await Promise.all([
          eventStore.headPosition(),
          readStore.collection<CheckpointDocument>(readModels.checkpoints).findOne({ _id: '' }),
        ]).then(
          () => true,
          () => false,
        );
        const body: AnswerOf<typeof healthApi.health> = { status: up ? 'ok' : 'down', ...(await botStates()) };
        ctx.status = up ? 200 : 503;
        ctx.body = body;
        return answeredOnCtx;
      }
      const [headPosition, checkpoints] = await Promise.all([eventStore.headPosition(), readCheckpoints(readStore)]);
      const lags = await eventsBehind.of(checkpoints.values());
      const projections = [...checkpoints].map(([name, checkpoint]) => ({
        name,
        checkpoint,
        lag: lags.get(checkpoint) ?? 0,
      }));
      return {
        status: 'ok',
        service,
        eventStore: { adapter: eventStore.adapterName, headPosition },
        readStore: { adapter: readStore.adapterName },
        projections: projections.sort((a, b) => a.name.localeCompare(b.name)),
        ...(await botStates()),
      };
    }),
    on(healthApi.ready, async ({ ctx }) => {
      const { ready, checks } = await readiness.report();
      const body: AnswerOf<typeof healthApi.ready> = { status: ready ? 'ready' : 'not ready', service, checks };
      ctx.status = ready ? 200 : 503;
      ctx.body = body;
      return answeredOnCtx;
    }),
  ];
}
