import type { AnnouncementView } from '@vip/contracts';
import { expect } from 'chai';
import { ADMIN, removeDataDir, type SpawnedProduct, startAllInOne } from './support/all-in-one.ts';
import { api, login } from './support/http.ts';
import { LiveClient } from './support/ws-client.ts';

describe('announcements, through every layer of the running product', function () {
  let product: SpawnedProduct;
  let token: string;

  before(async () => {
    product = await startAllInOne();
    token = await login(product.url, ADMIN.username, ADMIN.password);
  });
  after(async () => {
    await product.stop();
    removeDataDir(product.dataDir);
  });

  it('login → post → listed → pushed live → delete → pushed → gone', async () => {
    const live = await LiveClient.connect(product.url, { type: 'auth', token });
    await live.waitFor((message) => message.type === 'ready');

    const created = await api<AnnouncementView>(product.url, 'POST', '/api/announcements', {
      token,
      body: { title: 'Maintenance tonight', content: 'The bot restarts at 22:00.', priority: 'high' },
    });
    expect(created.status).to.equal(201);
    expect(created.body).to.include({
      title: 'Maintenance tonight',
      content: 'The bot restarts at 22:00.',
      priority: 'high',
    });
    expect(created.body.author).to.deep.equal({ username: ADMIN.username, avatar: null });
    const { id } = created.body;

    const listed = await api<AnnouncementView[]>(product.url, 'GET', '/api/announcements', { token });
    expect(listed.status).to.equal(200);
    expect(listed.body).to.deep.equal([created.body]);

    const pushed = await live.waitFor((message) => message.type === 'announcement' && message.data.id === id);
    expect(pushed).to.deep.equal({ type: 'announcement', data: created.body });

    const deleted = await api(product.url, 'DELETE', `/api/announcements/${id}`, { token });
    expect(deleted.status).to.equal(204);
    await live.waitFor((message) => message.type === 'announcement_deleted' && message.data === id);

    const after = await api<AnnouncementView[]>(product.url, 'GET', '/api/announcements', { token });
    expect(after.body).to.deep.equal([]);
    live.close();
  });

  it('lists newest first and defaults the priority to medium', async () => {
    const first = await api<AnnouncementView>(product.url, 'POST', '/api/announcements', {
      token,
      body: { title: 'First', content: 'one' },
    });
    const second = await api<AnnouncementView>(product.url, 'POST', '/api/announcements', {
      token,
      body: { title: 'Second', content: 'two', priority: 'low' },
    });
    expect(first.body.priority).to.equal('medium');
    const listed = await api<AnnouncementView[]>(product.url, 'GET', '/api/announcements', { token });
    expect(listed.body.map((a) => a.id)).to.deep.equal([second.body.id, first.body.id]);
  });

  it('pushes only after the read model holds the change', async () => {
    const live = await LiveClient.connect(product.url, { type: 'auth', token });
    await live.waitFor((message) => message.type === 'ready');
    const created = await api<AnnouncementView>(product.url, 'POST', '/api/announcements', {
      token,
      body: { title: 'Fresh', content: 'now' },
    });
    await live.waitFor((message) => message.type === 'announcement' && message.data.id === created.body.id);
    // a client refetching on the push must find it
    const listed = await api<AnnouncementView[]>(product.url, 'GET', '/api/announcements', { token });
    expect(listed.body.map((a) => a.id)).to.include(created.body.id);
    live.close();
  });
});
