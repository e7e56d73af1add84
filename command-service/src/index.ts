export { createCommandApp, commandRouter, commandRoutes } from './app.ts';
export { resolveCommandDeps, type CommandDeps } from './core/deps.ts';
export { bootstrapAdmin } from './users/bootstrap-admin.ts';
export { registerUser } from './users/register-user.ts';
export { commandHandlerFor, type CommandHandler, type CommandStores } from './core/command-handler.ts';
export { reportGuild, leaveGuild } from './servers/servers.commands.ts';
