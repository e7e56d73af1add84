/**
 * The contracts without zod (package entry `@vip/contracts/plain`): route paths and methods,
 * defaults, limits and texts, for the browser, whose visitor pages have no room for the
 * schemas. Types come from the main entry (`import type`, erased at build); everything a
 * page uses at run time comes from here. A test fails if anything here reaches zod.
 */

export * from './config-defaults.ts';
export * from './discord-id.ts';
export * from './error-codes.ts';
export * from './error-texts.ts';
export * from './events/event-types.ts';
export * from './greeting-settings.ts';
export * from './health.ts';
export * from './money.ts';
export * from './plans.ts';
export * from './routes/index.ts';
export * from './site-settings.ts';
export * from './texts/announcements.ts';
export * from './texts/audit.ts';
export * from './texts/billing.ts';
export * from './texts/bot-settings.ts';
export * from './texts/discord.ts';
export * from './texts/greetings.ts';
export * from './texts/keys.ts';
export * from './texts/privacy.ts';
export * from './texts/servers.ts';
export * from './texts/sponsors.ts';
export * from './texts/subscriptions.ts';
export * from './texts/suspensions.ts';
export * from './texts/verification-message.ts';
export * from './texts/vip-roles.ts';
export * from './texts/whitelist.ts';
export * from './verification-message.ts';
export * from './ws-messages.ts';
