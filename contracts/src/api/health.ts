import type { HealthResponse, PublicHealthResponse, ReadinessResponse } from '../health.ts';
import { healthPaths } from '../routes/health.ts';
import { answer, withSchemas } from './route-spec.ts';

export * from '../health.ts';

export const healthApi = withSchemas(healthPaths, {
  health: {
    summary:
      "Whether the service is up; for admins and the metrics token (METRICS_TOKEN) also the log's head and each projection's checkpoint and lag",
    response: answer<PublicHealthResponse | HealthResponse>(
      200,
      'PublicHealthResponse; HealthResponse for admins and the metrics token',
    ),
  },
  ready: {
    summary:
      'Readiness: 200 once the stores answer and the projections have caught up; 503 before, and while shutting down',
    response: answer<ReadinessResponse>(200, 'ReadinessResponse (503 with the same shape when not ready)'),
  },
  openApi: {
    summary: 'This API as an OpenAPI 3.1 document',
    response: answer<Record<string, unknown>>(200, 'OpenAPI document'),
  },
});
