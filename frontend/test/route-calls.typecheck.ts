/**
 * Compiled by `npm run typecheck`, never run: the frontend's calls take their request and
 * answer types from the route's declaration. Each `@ts-expect-error` fails the typecheck if
 * the type it stands for is lost (to `unknown`, `any` or a body of any shape).
 */
import type { AnalyticsResponse, GenerateKeyResponse, PublicStatsResponse } from '@vip/contracts';
import { keysPaths, statsPaths } from '@vip/contracts/plain';
import type { analyticsApi } from '../src/features/analytics/analyticsApi.ts';
import { requestJson, routeEndpoint } from '../src/lib/http.ts';

// the plain fetch: the answer is the route's
const key: GenerateKeyResponse = await requestJson(keysPaths.generateKey, { body: { guildId: '1' } });
// @ts-expect-error the answer is the route's, not anything
const notAKey: number = await requestJson(keysPaths.generateKey, { body: { guildId: '1' } });
// @ts-expect-error a body of another shape than the route's schema takes
await requestJson(keysPaths.generateKey, { body: { serverId: '1' } });
// @ts-expect-error a route that takes a body is not called without one
await requestJson(keysPaths.generateKey, undefined);
// @ts-expect-error a query parameter the route does not take
await requestJson(statsPaths.public, { query: { page: 1 } });

// an RTK Query endpoint: its result is inferred from the route
type GetAnalytics = ReturnType<typeof analyticsApi.endpoints.getAnalytics.initiate>;
type AnalyticsData = Awaited<ReturnType<ReturnType<GetAnalytics>['unwrap']>>;
const analytics: AnalyticsData = {} as AnalyticsResponse;
// @ts-expect-error the endpoint's result is the route's answer, not any
const notAnalytics: AnalyticsData = 1;
const stats: PublicStatsResponse = routeEndpoint(statsPaths.public).transformResponse(null);

void [key, notAKey, analytics, notAnalytics, stats];
