import { errorTexts, WS_CLOSE_UNAUTHORIZED } from '@vip/contracts';
import { expect } from 'chai';
import { ADMIN, removeDataDir, type SpawnedProduct, startAllInOne } from './support/all-in-one.ts';
import { runCli } from './support/cli.ts';
import { api, healthDetails, login } from './support/http.ts';
import { LiveClient } from './support/ws-client.ts';

describe('who may do what, and what bad input gets', function () {
  let product: SpawnedProduct;
  let adminToken: string;
  let memberToken: string;

  const head = async () => (await healthDetails(product.url)).body.eventStore.headPosition;

  before(async () => {
    product = await startAllInOne({ env: { CORS_ORIGIN: 'https://panel.example' } });
    adminToken = await login(product.url, ADMIN.username, ADMIN.password);
    // created by the CLI while the server runs: it must reach the running server
    const created = await runCli('src/cli/user.ts', ['create', 'member', '--password', 'member-password-1'], {
      DATA_DIR: product.dataDir,
    });
    expect(created.code, created.stderr).to.equal(0);
    memberToken = await login(product.url, 'member', 'member-password-1');
  });
  after(async () => {
    await product.stop();
    removeDataDir(product.dataDir);
  });

  describe('sign-in', () => {
    it('refuses a wrong password and an unknown user with the same text', async () => {
      for (const body of [
        { username: ADMIN.username, password: 'wrong-password' },
        { username: 'nobody', password: 'whatever-pw' },
      ]) {
        const response = await api(product.url, 'POST', '/api/auth/login', { body });
        expect(response.status).to.equal(401);
        expect(response.body.error).to.equal(errorTexts.invalidCredentials);
      }
    });

    it('answers the spec shape', async () => {
      const response = await api(product.url, 'POST', '/api/auth/login', {
        body: { username: 'member', password: 'member-password-1' },
      });
      expect(response.status).to.equal(200);
      expect(response.body).to.have.all.keys('token', 'id', 'user');
      expect(response.body.user).to.deep.equal({ username: 'member', isAdmin: false });
    });

    it('needs both fields', async () => {
      for (const body of [{}, { username: 'member' }, { password: 'x' }, { username: '  ', password: 'x' }]) {
        const response = await api(product.url, 'POST', '/api/auth/login', { body });
        expect(response.status).to.equal(400);
        expect(response.body.error).to.equal(errorTexts.fillAllFields);
      }
    });

    it('tells a signed-in user who they are', async () => {
      const response = await api(product.url, 'GET', '/api/user/info', { token: memberToken });
      expect(response.status).to.equal(200);
      expect(response.body).to.include({ username: 'member', isAdmin: false, avatar: null });
    });

    it('ends the session on logout: the token stops working at once', async () => {
      const token = await login(product.url, 'member', 'member-password-1');
      expect((await api(product.url, 'GET', '/api/user/info', { token })).status).to.equal(200);
      expect((await api(product.url, 'POST', '/api/auth/logout', { token })).status).to.equal(204);
      expect((await api(product.url, 'GET', '/api/user/info', { token })).status).to.equal(401);
      expect((await api(product.url, 'GET', '/api/announcements', { token })).status).to.equal(401);
    });

    it('refuses forged and malformed tokens', async () => {
      const [header, payload] = adminToken.split('.');
      for (const token of [`${header}.${payload}.forged-signature`, 'not-a-jwt', '']) {
        expect((await api(product.url, 'GET', '/api/user/info', { token })).status).to.equal(401);
      }
    });
  });

  describe('announcements', () => {
    it('401 without a token, on every route', async () => {
      expect((await api(product.url, 'GET', '/api/announcements')).status).to.equal(401);
      expect((await api(product.url, 'GET', '/api/user/info')).status).to.equal(401);
      expect(
        (await api(product.url, 'POST', '/api/announcements', { body: { title: 'a', content: 'b' } })).status,
      ).to.equal(401);
      expect((await api(product.url, 'DELETE', '/api/announcements/some-id')).status).to.equal(401);
      expect((await api(product.url, 'POST', '/api/auth/logout')).status).to.equal(401);
    });

    it('403 for a non-admin, and nothing appended', async () => {
      const before = await head();
      const post = await api(product.url, 'POST', '/api/announcements', {
        token: memberToken,
        body: { title: 'a', content: 'b' },
      });
      expect(post.status).to.equal(403);
      expect(post.body.error).to.equal(errorTexts.forbidden);
      const created = await api(product.url, 'POST', '/api/announcements', {
        token: adminToken,
        body: { title: 'keep', content: 'me' },
      });
      const afterCreate = await head();
      const remove = await api(product.url, 'DELETE', `/api/announcements/${created.body.id}`, { token: memberToken });
      expect(remove.status).to.equal(403);
      expect(await head()).to.equal(afterCreate);
      expect(afterCreate).to.equal((before ?? 0) + 1);
    });

    it('a signed-in non-admin may read them', async () => {
      expect((await api(product.url, 'GET', '/api/announcements', { token: memberToken })).status).to.equal(200);
    });

    it('400 with the spec texts for malformed bodies, and nothing appended', async () => {
      const before = await head();
      const cases: Array<[unknown, string]> = [
        [{ title: '   ', content: 'text' }, errorTexts.fillAllFields],
        [{ title: 'Title', content: '' }, errorTexts.fillAllFields],
        [{ content: 'text' }, errorTexts.fillAllFields],
        [{ title: 5, content: 'text' }, errorTexts.fillAllFields],
        [{ title: 'Title', content: 'text', priority: 'urgent' }, errorTexts.invalidPriority],
        [[1, 2], errorTexts.bodyNotObject],
      ];
      for (const [body, text] of cases) {
        const response = await api(product.url, 'POST', '/api/announcements', { token: adminToken, body });
        expect(response.status, JSON.stringify(body)).to.equal(400);
        expect(response.body.error, JSON.stringify(body)).to.equal(text);
      }
      for (const rawBody of ['{"title":', 'null', '"text"']) {
        const response = await api(product.url, 'POST', '/api/announcements', { token: adminToken, rawBody });
        expect(response.status, rawBody).to.equal(400);
      }
      const huge = await api(product.url, 'POST', '/api/announcements', {
        token: adminToken,
        body: { title: 't', content: 'x'.repeat(200_000) },
      });
      expect(huge.status).to.equal(413);
      expect(await head()).to.equal(before);
    });

    it('404 for deleting an unknown announcement, 400 for a malformed id', async () => {
      const unknown = await api(product.url, 'DELETE', '/api/announcements/does-not-exist', { token: adminToken });
      expect(unknown.status).to.equal(404);
      expect(unknown.body.error).to.equal(errorTexts.announcementNotFound);
      const malformed = await api(product.url, 'DELETE', `/api/announcements/${encodeURIComponent('../../etc')}`, {
        token: adminToken,
      });
      expect(malformed.status).to.be.oneOf([400, 404]);
    });

    it('unknown API paths answer JSON 404', async () => {
      const response = await api(product.url, 'GET', '/api/nothing-here');
      expect(response.status).to.equal(404);
      expect(response.body.error).to.equal(errorTexts.notFound);
    });
  });

  describe('CORS', () => {
    it('answers a preflight from the configured origin only', async () => {
      const allowed = await fetch(`${product.url}/api/announcements`, {
        method: 'OPTIONS',
        headers: { origin: 'https://panel.example' },
      });
      expect(allowed.status).to.equal(204);
      expect(allowed.headers.get('access-control-allow-origin')).to.equal('https://panel.example');
      const other = await fetch(`${product.url}/api/announcements`, {
        method: 'OPTIONS',
        headers: { origin: 'https://evil.example' },
      });
      expect(other.headers.get('access-control-allow-origin')).to.equal(null);
    });
  });

  describe('the live socket', () => {
    it('closes with 4401 for a missing, bad or malformed auth message', async () => {
      for (const message of [{ type: 'auth', token: 'bad' }, { type: 'hello' }, 'not json', { type: 'auth' }]) {
        const client = await LiveClient.connect(product.url, message);
        expect(await client.waitForClose()).to.equal(WS_CLOSE_UNAUTHORIZED);
      }
    });

    it('closes with 4401 when the session is ended', async () => {
      const token = await login(product.url, 'member', 'member-password-1');
      const client = await LiveClient.connect(product.url, { type: 'auth', token });
      await client.waitFor((message) => message.type === 'ready');
      await api(product.url, 'POST', '/api/auth/logout', { token });
      expect(await client.waitForClose()).to.equal(WS_CLOSE_UNAUTHORIZED);
    });
  });

  describe('users created from the command line', () => {
    it('refuses a taken username', async () => {
      const again = await runCli('src/cli/user.ts', ['create', 'MEMBER', '--password', 'another-password'], {
        DATA_DIR: product.dataDir,
      });
      expect(again.code).to.equal(1);
      expect(again.stderr).to.contain(errorTexts.usernameTaken);
    });

    it('prints its usage for a wrong call', async () => {
      const wrong = await runCli('src/cli/user.ts', ['delete', 'x'], { DATA_DIR: product.dataDir });
      expect(wrong.code).to.equal(2);
      expect(wrong.stderr).to.contain('Usage: npm run user -- create');
    });
  });
});

describe('sign-in rate limit', function () {
  let product: SpawnedProduct;
  before(async () => {
    product = await startAllInOne({ env: { RATE_LIMIT_LOGINS_PER_MINUTE: '3' } });
  });
  after(async () => {
    await product.stop();
    removeDataDir(product.dataDir);
  });

  it('answers 429 with a clear text after too many attempts for one username', async () => {
    const attempt = () =>
      api(product.url, 'POST', '/api/auth/login', { body: { username: ADMIN.username, password: 'guess-guess' } });
    for (let i = 0; i < 3; i++) expect((await attempt()).status).to.equal(401);
    const limited = await attempt();
    expect(limited.status).to.equal(429);
    expect(limited.body.error).to.equal(errorTexts.tooManyRequests);
    expect(Number(limited.headers.get('retry-after'))).to.be.within(1, 60);
  });
});
