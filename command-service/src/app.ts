import type Router from '@koa/router';
import { billingPaths } from '@vip/contracts';
import { apiServiceApp, healthRoutes, type MountedRoute, mountRoutes } from '@vip/platform';
import type Koa from 'koa';
import { announcementRoutes } from './announcements/routes.ts';
import { authRoutes } from './auth/routes.ts';
import { billingRoutes } from './billing/routes.ts';
import { botSettingsRoutes } from './bot-settings/routes.ts';
import type { CommandDeps } from './core/deps.ts';
import { discordRoutes } from './discord/routes.ts';
import { greetingRoutes } from './greetings/routes.ts';
import { keyRoutes } from './keys/routes.ts';
import { privacyRoutes } from './privacy/routes.ts';
import { serverRoutes } from './servers/routes.ts';
import { sponsorRoutes } from './sponsors/routes.ts';
import { subscriptionRoutes } from './subscriptions/routes.ts';
import { suspensionRoutes } from './suspensions/routes.ts';
import { verificationMessageRoutes } from './verification-message/routes.ts';
import { vipRoleRoutes } from './vip-roles/routes.ts';
import { whitelistRoutes } from './whitelist/routes.ts';

/** Every route of the write side, each mounted from its spec in the catalogue. */
export function commandRoutes(deps: CommandDeps): MountedRoute[] {
  return [
    ...authRoutes(deps),
    ...announcementRoutes(deps),
    ...serverRoutes(deps),
    ...greetingRoutes(deps),
    ...keyRoutes(deps),
    ...vipRoleRoutes(deps),
    ...subscriptionRoutes(deps),
    ...whitelistRoutes(deps),
    ...botSettingsRoutes(deps),
    ...suspensionRoutes(deps),
    ...verificationMessageRoutes(deps),
    ...discordRoutes(deps),
    ...sponsorRoutes(deps),
    ...billingRoutes(deps),
    ...privacyRoutes(deps),
  ];
}

/** One router for the whole write side (the catalogue test reads what it serves). */
export function commandRouter(deps: CommandDeps): Router {
  return mountRoutes(commandRoutes(deps), { botApiToken: deps.config.botApiToken, rateCounter: deps.rateCounter });
}

/**
 * The write side: every POST and DELETE of the API. It also answers its own health and
 * readiness probes and /metrics (the proxy sends every GET to query-service, so these are
 * for the orchestrator and Prometheus talking to this process directly).
 */
export function createCommandApp(deps: CommandDeps, service = 'command-service'): Koa {
  // Stripe signs the webhook's bytes: that one path keeps them as they came
  const app = apiServiceApp(deps, { readsBodies: true, service, rawBodies: [billingPaths.webhook.path] });
  app.use(
    healthRoutes(service, deps.eventStore, deps.readStore, deps.readiness, {
      metricsToken: deps.config.metricsToken,
    }).routes(),
  );
  const api = commandRouter(deps);
  app.use(api.routes());
  app.use(api.allowedMethods());
  return app;
}
