import { errorTexts, subscriptionTexts } from '@vip/contracts';
import { expect } from 'chai';
import { ADMIN, removeDataDir, type SpawnedProduct, startAllInOne } from '../support/all-in-one.ts';
import { runCli } from '../support/cli.ts';
import { api, healthDetails, login } from '../support/http.ts';

/**
 * What an admin needs to help a subscriber: every panel account in the Subscribers list (one
 * made with `npm run user` too), and a password reset that hands over a new password once.
 */
describe('an admin helping a subscriber', function () {
  let product: SpawnedProduct;
  let adminToken: string;
  let subscriberId: string;
  let subscriberPassword: string;

  const head = async () => (await healthDetails(product.url)).body.eventStore.headPosition;
  const signIn = (username: string, password: string) =>
    api(product.url, 'POST', '/api/auth/login', { body: { username, password } });
  const resetOf = (id: string, token = adminToken) =>
    api(product.url, 'POST', `/api/admin/subscribers/${id}/reset-password`, { token });

  before(async () => {
    product = await startAllInOne();
    adminToken = await login(product.url, ADMIN.username, ADMIN.password);
    const created = await api(product.url, 'POST', '/api/admin/subscribers', {
      token: adminToken,
      body: { username: 'forgetful', planName: 'Basic', days: 30 },
    });
    expect(created.status).to.equal(201);
    subscriberId = created.body.id;
    subscriberPassword = created.body.password;
  });
  after(async () => {
    await product.stop();
    removeDataDir(product.dataDir);
  });

  it('lists an account made with npm run user among the accounts without a plan', async () => {
    const made = await runCli('src/cli/user.ts', ['create', 'cli-made', '--password', 'cli-made-password'], {
      DATA_DIR: product.dataDir,
    });
    expect(made.code, made.stderr).to.equal(0);
    await login(product.url, 'cli-made', 'cli-made-password'); // the server has it
    const list = await api(product.url, 'GET', '/api/admin/subscribers', { token: adminToken });
    expect(list.status).to.equal(200);
    const listed = list.body.withoutPlan.find((account: { username: string }) => account.username === 'cli-made');
    expect(listed).to.include.all.keys('id', 'username', 'registeredAt', 'discord', 'servers');
    expect(listed.discord).to.equal(null);
    // the planned subscriber stays among the subscribers, and no admin is listed anywhere
    const everyone = [...list.body.subscribers, ...list.body.withoutPlan].map((s: { username: string }) => s.username);
    expect(everyone.filter((name: string) => name === 'forgetful')).to.have.length(1);
    expect(everyone).to.not.include(ADMIN.username);
  });

  it("resets a subscriber's password: shown once, the old one and every session stop working", async () => {
    const subscriberToken = await login(product.url, 'forgetful', subscriberPassword);
    const reset = await resetOf(subscriberId);
    expect(reset.status).to.equal(200);
    expect(reset.body).to.have.all.keys('username', 'password');
    expect(reset.body.username).to.equal('forgetful');
    expect(reset.body.password).to.be.a('string').with.length.of.at.least(16);
    expect(reset.body.password).to.not.equal(subscriberPassword);
    expect((await signIn('forgetful', subscriberPassword)).status).to.equal(401);
    expect((await signIn('forgetful', reset.body.password)).status).to.equal(200);
    expect((await api(product.url, 'GET', '/api/user/info', { token: subscriberToken })).status).to.equal(401);
    // the admin's own session is not one of the subscriber's
    expect((await api(product.url, 'GET', '/api/admin/subscribers', { token: adminToken })).status).to.equal(200);

    // the password was handed over; nothing of it reached the log
    const log = await api(product.url, 'GET', '/api/admin/audit?limit=200', { token: adminToken });
    expect(JSON.stringify(log.body)).to.not.include(reset.body.password);
  });

  it("refuses an admin's account, an unknown id, and anyone but an admin, appending nothing", async () => {
    const memberToken = await login(product.url, 'cli-made', 'cli-made-password');
    const before = await head();
    const adminId = (await api(product.url, 'GET', '/api/user/info', { token: adminToken })).body.id;
    const ofAdmin = await resetOf(adminId);
    expect(ofAdmin.status).to.equal(403);
    expect(ofAdmin.body.error).to.equal(subscriptionTexts.notASubscriber);
    const unknown = await resetOf('7c9e6679-7425-40de-944b-e07fc1f90ae7');
    expect(unknown.status).to.equal(404);
    expect(unknown.body.error).to.equal(subscriptionTexts.userNotFound);
    expect((await resetOf('not-an-id')).status).to.equal(404);
    expect((await api(product.url, 'POST', `/api/admin/subscribers/${subscriberId}/reset-password`)).status).to.equal(
      401,
    );
    const byMember = await resetOf(subscriberId, memberToken);
    expect(byMember.status).to.equal(403);
    expect(byMember.body.error).to.equal(errorTexts.forbidden);
    expect(await head()).to.equal(before);
  });

  it('starts a plan for an account without one, once; refuses bad input and an admin', async () => {
    const list = await api(product.url, 'GET', '/api/admin/subscribers', { token: adminToken });
    const { id } = list.body.withoutPlan.find((account: { username: string }) => account.username === 'cli-made');
    const startPlan = (body: Record<string, unknown>, userId = id) =>
      api(product.url, 'POST', `/api/admin/subscribers/${userId}/plan`, { token: adminToken, body });
    const bad = await startPlan({ planName: 'Premium', days: 0 });
    expect(bad.status).to.equal(400);
    expect(bad.body.error).to.equal(subscriptionTexts.daysRange);
    const started = await startPlan({ planName: 'Premium', days: 30 });
    expect(started.status).to.equal(200);
    expect(started.body.subscription).to.include({ planName: 'Premium', active: true });
    const after = await api(product.url, 'GET', '/api/admin/subscribers', { token: adminToken });
    expect(after.body.subscribers.map((s: { username: string }) => s.username)).to.include('cli-made');
    expect(after.body.withoutPlan.map((s: { username: string }) => s.username)).to.not.include('cli-made');
    const again = await startPlan({ planName: 'Basic', days: 30 });
    expect(again.status).to.equal(409);
    expect(again.body.error).to.equal(subscriptionTexts.alreadySubscribed);
    const adminId = (await api(product.url, 'GET', '/api/user/info', { token: adminToken })).body.id;
    expect((await startPlan({ planName: 'Basic', days: 30 }, adminId)).status).to.equal(403);
  });

  it('npm run user -- --help prints the usage, not a stack trace', async () => {
    const help = await runCli('src/cli/user.ts', ['--help'], { DATA_DIR: product.dataDir });
    expect(help.code).to.equal(0);
    expect(help.stdout).to.include('Usage: npm run user -- create <username> --password <password>');
    expect(help.stderr).to.not.include(' at ');
    const unknown = await runCli('src/cli/user.ts', ['--nonsense'], { DATA_DIR: product.dataDir });
    expect(unknown.code).to.equal(2);
    expect(unknown.stderr).to.include("Unknown option '--nonsense'").and.include('Usage:');
    expect(unknown.stderr).to.not.match(/\n\s+at /);
  });
});
