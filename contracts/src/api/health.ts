export interface ProjectionHealth {
  name: string;
  checkpoint: number | null;
  lag: number;
}

/** GET /api/health: the log's head and how far each read model has caught up. */
export interface HealthResponse {
  status: 'ok' | 'degraded';
  service: string;
  eventStore: { adapter: string; headPosition: number | null };
  readStore: { adapter: string };
  projections: ProjectionHealth[];
}

export const healthRoutes: import('./route-spec.ts').RouteSpec[] = [
  { method: 'GET', path: '/api/health', auth: 'anonymous', summary: "The log's head and each projection's checkpoint and lag", response: { status: 200, description: 'HealthResponse' } },
];
healthRoutes.push({ method: 'GET', path: '/api/openapi.json', auth: 'anonymous', summary: 'This API as an OpenAPI 3.1 document', response: { status: 200, description: 'OpenAPI document' } });
