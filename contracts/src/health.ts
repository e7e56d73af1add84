/** A lag is counted up to this many events: the count's cost stays bounded (shown as "10,000+"). */
export const projectionLagCountLimit = 10_000;

export interface ProjectionHealth {
  name: string;
  /** Log position of the last event the read model applied. */
  checkpoint: number | null;
  /** Events in the log after the checkpoint, the same on both stores; at most projectionLagCountLimit. */
  lag: number;
}

/** A bot as the process that runs it sees it: connected and following the log, on its way, or not running at all. */
export type BotState = 'running' | 'starting' | 'not running';

/**
 * The bots of a process that hosts them (the all-in-one): whether each runs. A service
 * without bots (a query-service of docker-compose) cannot know, and says nothing of them.
 */
export interface BotStates {
  key: BotState;
  poster: BotState;
}

/** GET /api/health for anyone: whether the service is up (its stores answer); 503 with `down` when not. */
export interface PublicHealthResponse {
  status: 'ok' | 'down';
  bots?: BotStates;
}

/** GET /api/health for admins and the metrics token: the log's head and how far each read model has caught up. */
export interface HealthResponse {
  status: 'ok' | 'degraded';
  service: string;
  eventStore: { adapter: string; headPosition: number | null };
  readStore: { adapter: string };
  projections: ProjectionHealth[];
  bots?: BotStates;
}

/** GET /api/ready: whether this process should get traffic; 503 with the failing checks otherwise. */
export interface ReadinessResponse {
  status: 'ready' | 'not ready';
  service: string;
  /** Each check's outcome: 'ok', or why it is not met ('catching up', 'shutting down', ...). */
  checks: Record<string, string>;
}
