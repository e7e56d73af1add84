import { healthPaths } from '../routes/health.ts';
import { withSchemas } from './route-spec.ts';

export * from '../health.ts';

export const healthApi = withSchemas(healthPaths, {
  health: {
    summary:
      "Whether the service is up; for admins and the metrics token (METRICS_TOKEN) also the log's head and each projection's checkpoint and lag",
    response: { status: 200, description: 'PublicHealthResponse; HealthResponse for admins and the metrics token' },
  },
  ready: {
    summary:
      'Readiness: 200 once the stores answer and the projections have caught up; 503 before, and while shutting down',
    response: { status: 200, description: 'ReadinessResponse (503 with the same shape when not ready)' },
  },
  openApi: {
    summary: 'This API as an OpenAPI 3.1 document',
    response: { status: 200, description: 'OpenAPI document' },
  },
});
