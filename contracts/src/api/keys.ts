import type { RouteSpec } from './route-spec.ts';

export const keysRoutes: RouteSpec[] = [];
