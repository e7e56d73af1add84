import {
  type BotInvite,
  botInviteUrlFor,
  botPermissions,
  configDefaults,
  type DiscordPermissionName,
  discordClientIdOf,
  permissionBits,
  type SiteSettings,
} from '@vip/contracts';
import { type AppConfig, type BillingConfig, pricedPlans } from '@vip/platform';

function botInvite(clientId: string | undefined, permissions: readonly DiscordPermissionName[]): BotInvite | null {
  const id = discordClientIdOf(clientId);
  return id
    ? { clientId: id, inviteUrl: botInviteUrlFor(id, permissions), permissions: permissionBits(permissions) }
    : null;
}

/**
 * What every visitor page states, from the running product's configuration (decisions.md
 * §12). Only what pages show: no token, secret or internal address.
 */
export function siteSettingsOf(config: AppConfig): SiteSettings {
  const { name, priceEuros, serverSlots } = configDefaults.posterPlan;
  return {
    keyBot: botInvite(config.discordClientId, botPermissions.keyBot),
    posterBot: botInvite(config.posterDiscordClientId, botPermissions.posterBot),
    supportUrl: config.supportUrl ?? null,
    keyLifetimeHours: config.keyLifetimeHours,
    vipRoleMinutes: config.vipRoleMinutes,
    accessHashLifetimeMinutes: config.accessHashLifetimeMinutes,
    defaultServerSlots: config.defaultServerSlots,
    visitorRetentionDays: config.visitorRetentionDays,
    plans: configDefaults.plans,
    posterPlan: { name, priceEuros, serverSlots },
    // which plans the pricing cards sell through Stripe, at Stripe's amounts; never its key or webhook secret
    billing: config.billing ? billingOf(config.billing) : null,
  };
}

function billingOf(billing: BillingConfig): NonNullable<SiteSettings['billing']> {
  // the shipped defaults are never shown as what Stripe charges: the start reads Stripe's prices first
  if (!billing.offers) throw new Error("Stripe's prices were not read at start (withStripePrices)");
  return {
    plans: pricedPlans(billing),
    offers: billing.offers,
    graceDays: billing.graceDays,
    trialDays: billing.trialDays,
  };
}
