export * from './config-defaults.ts';
export * from './error-texts.ts';
export * from './events/index.ts';
export * from './api/auth.ts';
export * from './api/announcements.ts';
export * from './api/health.ts';
export * from './ws-messages.ts';
export * from './read-models.ts';
