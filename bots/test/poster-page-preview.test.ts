import { expect } from 'chai';
import { defaultPreviewRules, fetchPagePreview, type PreviewRules } from '../src/poster-bot/page-preview.ts';
import { previewRulesFrom, TEST_LOOPBACK_VARIABLE } from '../src/poster-bot/preview-settings.ts';
import { serveVideoPages } from './support/video-pages.ts';

/** The poster bot reading a video page for its embed, against pages served on 127.0.0.1. */
describe('poster bot: reading a video page', function () {
  this.timeout(20_000);
  let pages: Awaited<ReturnType<typeof serveVideoPages>>;
  let rules: PreviewRules;

  before(async () => {
    pages = await serveVideoPages();
    // the test setting: loopback on this port only, as POSTER_PREVIEW_TEST_LOOPBACK_PORTS gives it
    rules = { ...defaultPreviewRules, loopbackPorts: [pages.port] };
  });
  after(async () => pages?.close());

  it("reads the OpenGraph title, description and picture, the picture's address made absolute", async () => {
    expect(await fetchPagePreview(pages.url('/watch/cats'), rules)).to.deep.equal({
      ok: true,
      title: 'Cats & boxes',
      description: 'Ten minutes of a cat and a box.',
      imageUrl: pages.url('/thumbs/cats.jpg'),
    });
    expect(await fetchPagePreview(pages.url('/watch/gzip'), rules)).to.include({
      ok: true,
      title: 'Squeezed',
      imageUrl: 'https://cdn.example/s.jpg',
    });
    expect(await fetchPagePreview(pages.url('/watch/no-tags'), rules)).to.deep.equal({
      ok: true,
      title: null,
      description: null,
      imageUrl: null,
    });
  });

  it('follows a redirect to an allowed page, and refuses one that leads to a private or link-local address', async () => {
    expect(await fetchPagePreview(pages.url('/go/cats'), rules)).to.include({ ok: true, title: 'Cats & boxes' });
    expect(await fetchPagePreview(pages.url('/go/private'), rules)).to.deep.equal({
      ok: false,
      reason: 'private address',
    });
    expect(await fetchPagePreview(pages.url('/go/metadata'), rules)).to.deep.equal({
      ok: false,
      reason: 'private address',
    });
    // loopback is open on the test port only: [::1] on port 80 stays closed
    expect(await fetchPagePreview(pages.url('/go/ipv6-loopback'), rules)).to.deep.equal({
      ok: false,
      reason: 'private address',
    });
    expect(await fetchPagePreview(pages.url('/go/loop'), rules)).to.deep.equal({
      ok: false,
      reason: 'too many redirects',
    });
  });

  it('without the test setting, the page on loopback is refused before any connection', async () => {
    const before = pages.requests.length;
    expect(await fetchPagePreview(pages.url('/watch/cats'))).to.deep.equal({ ok: false, reason: 'private address' });
    expect(await fetchPagePreview(`http://[::1]:${pages.port}/watch/cats`)).to.deep.equal({
      ok: false,
      reason: 'private address',
    });
    expect(pages.requests.length, 'nothing reached the server').to.equal(before);
  });

  it('checks every address a name resolves to, and connects only to the addresses it checked', async () => {
    const resolving =
      (answers: Record<string, { address: string; family: number }[]>) =>
      async (host: string): Promise<{ address: string; family: number }[]> =>
        answers[host] ?? [];
    const before = pages.requests.length;
    const mixed = resolving({
      'videos.example': [
        { address: '93.184.216.34', family: 4 },
        { address: '10.0.0.7', family: 4 },
      ],
    });
    expect(
      await fetchPagePreview('http://videos.example/watch', { ...defaultPreviewRules, resolve: mixed }),
    ).to.deep.equal({
      ok: false,
      reason: 'private address',
    });
    const mapped = resolving({ 'sneaky.example': [{ address: '::ffff:127.0.0.1', family: 6 }] });
    expect(
      await fetchPagePreview(`http://sneaky.example:${pages.port}/watch/cats`, {
        ...defaultPreviewRules,
        resolve: mapped,
      }),
    ).to.deep.equal({ ok: false, reason: 'private address' });
    expect(pages.requests.length, 'nothing reached the server').to.equal(before);
    // a name with no public DNS answer reaches the checked address, never a second lookup
    const pinned = resolving({ 'cats.test': [{ address: '127.0.0.1', family: 4 }] });
    expect(
      await fetchPagePreview(`http://cats.test:${pages.port}/watch/cats`, { ...rules, resolve: pinned }),
    ).to.include({ ok: true, title: 'Cats & boxes' });
    expect(await fetchPagePreview('http://nowhere.test/', { ...rules, resolve: resolving({}) })).to.deep.equal({
      ok: false,
      reason: 'unreachable',
    });
  });

  it('gives up on a page that is too slow, too large, not HTML, missing, or not http(s)', async () => {
    const started = Date.now();
    expect(await fetchPagePreview(pages.url('/watch/slow'), { ...rules, timeoutMs: 300 })).to.deep.equal({
      ok: false,
      reason: 'timed out',
    });
    expect(Date.now() - started, 'it stopped at its timeout, not at the page').to.be.below(5_000);
    expect(await fetchPagePreview(pages.url('/watch/huge'), { ...rules, maxBytes: 100_000 })).to.deep.equal({
      ok: false,
      reason: 'too large',
    });
    expect(await fetchPagePreview(pages.url('/watch/declared-huge'), rules)).to.deep.equal({
      ok: false,
      reason: 'too large',
    });
    expect(await fetchPagePreview(pages.url('/watch/pdf'), rules)).to.deep.equal({
      ok: false,
      reason: 'not a web page',
    });
    expect(await fetchPagePreview(pages.url('/watch/missing'), rules)).to.deep.equal({
      ok: false,
      reason: 'answered 404',
    });
    expect(await fetchPagePreview('ftp://127.0.0.1/video.mp4', rules)).to.deep.equal({
      ok: false,
      reason: 'not a web page',
    });
  });

  it('opens loopback only with the test variable AND NODE_ENV=test, and refuses to start otherwise', () => {
    expect(previewRulesFrom({}).loopbackPorts).to.deep.equal([]);
    expect(previewRulesFrom({ [TEST_LOOPBACK_VARIABLE]: '4000, 4001', NODE_ENV: 'test' }).loopbackPorts).to.deep.equal([
      4000, 4001,
    ]);
    for (const NODE_ENV of [undefined, 'production', 'development', 'TEST'])
      expect(() => previewRulesFrom({ [TEST_LOOPBACK_VARIABLE]: '4000', NODE_ENV }), String(NODE_ENV)).to.throw(
        'is for tests only: it is refused unless NODE_ENV=test',
      );
    expect(() => previewRulesFrom({ [TEST_LOOPBACK_VARIABLE]: 'all', NODE_ENV: 'test' })).to.throw(
      'must be a comma-separated list of ports',
    );
  });
});
