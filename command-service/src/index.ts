export { createCommandApp, commandRouters } from './app.ts';
export { resolveCommandDeps, type CommandDeps } from './core/deps.ts';
export { bootstrapAdmin } from './users/bootstrap-admin.ts';
export { registerUser } from './users/register-user.ts';
export { handleCommand } from './core/command-handler.ts';
export { reportGuild, leaveGuild } from './guilds/guild.decider.ts';
