import type { PlainRoute } from './route.ts';

/** Where each route of api/discord.ts is and who may call it (its schemas and answer are there). */
export const discordPaths = {
  signInOptions: { method: 'GET', path: '/api/auth/discord', auth: 'anonymous' },
  start: { method: 'POST', path: '/api/auth/discord/start', auth: 'anonymous' },
  callback: { method: 'POST', path: '/api/auth/discord/callback', auth: 'anonymous' },
  linkCode: { method: 'POST', path: '/api/user/link-code', auth: 'signedIn' },
  userDiscord: { method: 'GET', path: '/api/user/discord', auth: 'signedIn' },
  verifyServer: { method: 'POST', path: '/api/user/servers/:serverId/verify', auth: 'signedIn' },
  link: { method: 'POST', path: '/api/bot/discord/link', auth: 'bot', bot: 'key-bot' },
  answerCheck: { method: 'POST', path: '/api/bot/management-checks/:checkId', auth: 'bot', bot: 'key-bot' },
  unlink: { method: 'POST', path: '/api/admin/subscribers/:id/discord/unlink', auth: 'admin' },
  releaseClaim: { method: 'POST', path: '/api/admin/servers/:serverId/release', auth: 'admin' },
} as const satisfies Record<string, PlainRoute>;
