import { apiCatalogue } from '@vip/contracts';
import { expect } from 'chai';
import { actorOf } from '../../src/core/context.ts';

describe('who causes a request’s events', () => {
  it('is the bot a bot route names, else the signed-in user or admin, else a visitor', () => {
    expect(actorOf({ bot: 'poster-bot' })).to.deep.equal({ kind: 'bot', id: 'poster-bot' });
    expect(actorOf({ user: { id: 'u1', isAdmin: false } })).to.deep.equal({ kind: 'user', id: 'u1' });
    expect(actorOf({ user: { id: 'a1', isAdmin: true } })).to.deep.equal({ kind: 'admin', id: 'a1' });
    expect(actorOf({})).to.deep.equal({ kind: 'visitor', id: 'anonymous' });
  });

  it('every bot route of the catalogue names its bot: the poster bot its videos, the key bot the rest', () => {
    const botRoutes = apiCatalogue.filter((route) => route.auth === 'bot');
    expect(botRoutes).to.not.be.empty;
    for (const route of botRoutes)
      expect(route.bot, `${route.method} ${route.path}`).to.equal(
        route.path.startsWith('/api/bot/videos') ? 'poster-bot' : 'key-bot',
      );
    expect(apiCatalogue.filter((route) => route.auth !== 'bot' && route.bot !== undefined)).to.deep.equal([]);
  });
});
