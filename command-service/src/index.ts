export { commandRouter, commandRoutes, createCommandApp } from './app.ts';
export { bootstrapAdmin, registerUser } from './auth/auth.commands.ts';
export { type CommandHandler, type CommandStores, commandHandlerFor } from './core/command-handler.ts';
export { type CommandDeps, resolveCommandDeps } from './core/deps.ts';
export { startVisitorRetention } from './keys/visitor-retention.ts';
export { leaveGuild, reportGuild } from './servers/servers.commands.ts';
