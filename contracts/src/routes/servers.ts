import type { PlainRoute } from './route.ts';

/** Where each route of api/servers.ts is and who may call it (its schemas and answer are there). */
export const serversPaths = {
  reportGuild: { method: 'POST', path: '/api/bot/guilds/:id', auth: 'bot', bot: 'key-bot' },
  leaveGuild: { method: 'DELETE', path: '/api/bot/guilds/:id', auth: 'bot', bot: 'key-bot' },
  debugGuilds: { method: 'GET', path: '/api/server/debug/guilds', auth: 'anonymous' },
  serverStats: { method: 'GET', path: '/api/server/stats', auth: 'anonymous' },
  serverInfo: { method: 'GET', path: '/api/server/:id', auth: 'anonymous' },
  serverChannels: { method: 'GET', path: '/api/server/:id/channels', auth: 'owner' },
  userServers: { method: 'GET', path: '/api/user/servers', auth: 'signedIn' },
  addServer: { method: 'POST', path: '/api/user/add-server', auth: 'signedIn' },
  updateServer: { method: 'POST', path: '/api/user/update-server', auth: 'signedIn' },
} as const satisfies Record<string, PlainRoute>;
