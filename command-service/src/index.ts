export { createCommandApp, commandRouter, commandRoutes } from './app.ts';
export { resolveCommandDeps, type CommandDeps } from './core/deps.ts';
export { bootstrapAdmin, registerUser } from './auth/auth.commands.ts';
export { commandHandlerFor, type CommandHandler, type CommandStores } from './core/command-handler.ts';
export { reportGuild, leaveGuild } from './servers/servers.commands.ts';
