import type { RouteSpec } from './route-spec.ts';

export const whitelistRoutes: RouteSpec[] = [];
