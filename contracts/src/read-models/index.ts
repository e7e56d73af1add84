export * from './core.ts';
export * from './servers.ts';
export * from './keys.ts';
export * from './subscriptions.ts';
export * from './stats.ts';
export * from './audit.ts';
export * from './discord.ts';
export * from './sponsors.ts';
