import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { monitorEventLoopDelay } from 'node:perf_hooks';
import { expect } from 'chai';
import { cardScanner, pageMetaOf, readPageMeta } from '../src/poster-bot/page-meta.ts';
import { defaultPreviewRules, fetchPagePreview, type PreviewRules } from '../src/poster-bot/page-preview.ts';

/** What the event loop may be held at most by one page: beyond it, the API and /ws stall. */
const HELD_MS_AT_MOST = 250;
/** Each crafted head is this many characters (and bytes: it is ASCII), within the fetch's 1 MB. */
const SIZE = 990_000;

const CARD = '<title>Plain title</title><meta property="og:title" content="Cats &amp; boxes">';
const filled = (start: string, unit: string, end = '') =>
  start + unit.repeat(Math.floor((SIZE - start.length - end.length) / unit.length)) + end;

/**
 * Heads made to be slow to read, each about a megabyte, after the card's own tags. The
 * regular expressions this reader once used took time growing with the square of such a head:
 * seconds for 128 KB, minutes for a megabyte. None of them may hold the process long.
 */
const craftedHeads: Record<string, string> = {
  'one long tag': filled(`<head>${CARD}<meta `, 'x', '></head>'),
  'one long tag without an end': filled(`<head>${CARD}<meta property=`, 'x'),
  'many attributes': filled(`<head>${CARD}<meta `, 'a ', '></head>'),
  'many attributes with values': filled(`<head>${CARD}<meta `, 'a=b ', '></head>'),
  'many meta tags': filled(`<head>${CARD}`, '<meta name=a content=b>', '</head>'),
  'many titles never closed': filled(`<head>${CARD}`, '<title>', '</head>'),
  'many comments never closed': filled(`<head>${CARD}`, '<!--', '</head>'),
  'a long charset': filled(`<head>${CARD}<meta charset="utf-`, '8', '"></head>'),
  'a charset asked for again and again': filled(`<head>${CARD}<meta content="`, 'charset charset= ', '"></head>'),
  '100,000 "<meta a " tags': `<head>${CARD}${'<meta a '.repeat(100_000)}</head>`,
  'unclosed double quotes': filled(`<head>${CARD}`, '<meta content="', '</head>'),
  'unclosed single quotes': filled(`<head>${CARD}`, "<meta content='", '</head>'),
  'a long script never closed': filled(`<head>${CARD}<script>`, '</scrip', '</head>'),
};

/** "Café" in a page's bytes: as Windows-1252 / Latin-1 write it, and as UTF-8 does (cut in two pieces). */
const cafe = (charset: 'latin1' | 'utf8', meta = '') => Buffer.from(`<head>${meta}<title>Café</title></head>`, charset);
const charsetPages: Record<string, { contentType: string; pieces: Buffer[] }> = {
  '/charset/meta': { contentType: 'text/html', pieces: [cafe('latin1', '<meta charset="windows-1252">')] },
  '/charset/http-equiv': {
    contentType: 'text/html',
    pieces: [cafe('latin1', '<meta http-equiv="Content-Type" content="text/html; charset=iso-8859-1">')],
  },
  '/charset/header': { contentType: 'text/html; charset=ISO-8859-1', pieces: [cafe('latin1')] },
  '/charset/none': { contentType: 'text/html', pieces: [cafe('utf8')] },
  '/charset/split': {
    contentType: 'text/html; charset=utf-8',
    pieces: [cafe('utf8').subarray(0, 17), cafe('utf8').subarray(17)],
  },
};

describe('poster bot: a page made to be slow to read', function () {
  // a reader in quadratic time would take minutes here: the bound below is what is checked
  this.timeout(60_000);

  it('each crafted head of about a megabyte is read in one call that holds the event loop less than 250 ms', () => {
    for (const [name, head] of Object.entries(craftedHeads)) {
      expect(head.length, name).to.be.within(790_000, SIZE);
      // One synchronous call holds the event loop for as long as it computes. That is counted
      // in CPU time: on a machine whose cores are shared with other work, the wall clock also
      // counts the time the process waited for a core, which is not the page's doing.
      const before = process.cpuUsage();
      const meta = readPageMeta(head);
      const used = process.cpuUsage(before);
      expect((used.user + used.system) / 1000, `${name}: the event loop held (ms of CPU)`).to.be.below(HELD_MS_AT_MOST);
      // the tags before the crafted part are read as ever
      expect(meta.title, name).to.equal('Cats & boxes');
    }
  });

  describe('served by a page, as /postvideo reads it', () => {
    let server: http.Server;
    let rules: PreviewRules;
    const url = (path: string) => `http://127.0.0.1:${(server.address() as AddressInfo).port}${path}`;

    before(async () => {
      const names = Object.keys(craftedHeads);
      server = http.createServer((request, response) => {
        // /<n> with a charset in the headers (decoded as it comes), /<n>/bytes without (read on the bytes)
        if (request.url === '/too-large') {
          // a head that goes on past the megabyte the fetch reads, its card after it
          response.writeHead(200, { 'content-type': 'text/html' });
          return void response.end(`<head><script>${'x'.repeat(1_500_000)}</script>${CARD}</head>`);
        }
        const charsetPage = charsetPages[request.url ?? ''];
        if (charsetPage) {
          response.writeHead(200, { 'content-type': charsetPage.contentType });
          for (const piece of charsetPage.pieces) response.write(piece);
          return void response.end();
        }
        const [, index, bytes] = /^\/(\d+)(\/bytes)?$/.exec(request.url ?? '') ?? [];
        const head = craftedHeads[names[Number(index)]];
        if (head === undefined) return void response.writeHead(404).end();
        response.writeHead(200, { 'content-type': bytes ? 'text/html' : 'text/html; charset=utf-8' });
        response.end(`<!doctype html><html>${head}<body>after the head</body></html>`);
      });
      await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
      rules = { ...defaultPreviewRules, loopbackPorts: [(server.address() as AddressInfo).port] };
    });
    after(async () => {
      server?.closeAllConnections();
      await new Promise<void>((resolve) => server?.close(() => resolve()));
    });

    it('refuses a head longer than the megabyte it reads as too large', async () => {
      expect(await fetchPagePreview(url('/too-large'), rules)).to.deep.equal({ ok: false, reason: 'too large' });
    });

    it("decodes the head by the charset of the answer's headers, else of its <meta>, else as UTF-8", async () => {
      expect(cafe('utf8').indexOf(0xc3), 'the split falls inside "é"').to.equal(16);
      for (const path of Object.keys(charsetPages))
        expect(await fetchPagePreview(url(path), rules), path).to.include({ ok: true, title: 'Café' });
    });

    it('each ends within the deadline with the card, never holding the event loop 250 ms', async () => {
      const names = Object.keys(craftedHeads);
      for (const [index, name] of names.entries())
        for (const path of [`/${index}`, `/${index}/bytes`]) {
          const delay = monitorEventLoopDelay({ resolution: 10 });
          delay.enable();
          const preview = await fetchPagePreview(url(path), rules);
          delay.disable();
          // within the deadline: a fetch past it answers "timed out"
          expect(preview, `${name} ${path}`).to.include({ ok: true, title: 'Cats & boxes' });
          expect(delay.max / 1e6, `${name} ${path}: the longest the event loop was held (ms)`).to.be.below(
            HELD_MS_AT_MOST,
          );
        }
    });
  });
});

describe("poster bot: reading a page's head as a browser does", () => {
  it('reads a ">" inside a quoted value as part of it, and passes over comments, scripts and styles', () => {
    expect(
      readPageMeta(`<head>
        <!-- <meta property="og:title" content="in a comment"> -->
        <script>document.write('<meta property="og:title" content="in a script">')</script>
        <style>/* <meta property="og:description" content="in a style"> */</style>
        <meta property="og:title" content="Cats > dogs">
        <meta name=description content="A <b>bold</b> claim">
      </head>`),
    ).to.deep.equal({ title: 'Cats > dogs', description: 'A <b>bold</b> claim', image: null });
  });

  it('ends the head at </head> or, when a page never closes it, at <body>', () => {
    const afterHead = '<meta property="og:title" content="in the body">';
    expect(readPageMeta(`<head><title>Head</title></head>${afterHead}`).title).to.equal('Head');
    expect(readPageMeta(`<html><title>Head</title><body>${afterHead}`).title).to.equal('Head');
    // "</head>" in a script's text is no end of the head
    expect(
      readPageMeta('<head><script>let s = "</head>";</script><meta property="og:title" content="After"></head>').title,
    ).to.equal('After');
  });

  it('keeps no tag longer than its bound, and no <title> never closed', () => {
    const longContent = 'x'.repeat(20_000);
    expect(
      readPageMeta(
        `<head><meta property="og:title" content="${longContent}"><meta property="og:title" content="Short"></head>`,
      ).title,
    ).to.equal('Short');
    expect(readPageMeta('<head><title>Never closed</head>').title).to.equal(null);
    expect(readPageMeta('<head><TITLE>Upper</TITLE ></head>').title).to.equal('Upper');
  });

  it('reads the same head fed in pieces of any size', () => {
    const html = `<!doctype html><head><title>Fallback</title><!-- x --><meta property=og:image content='/i.jpg'>
      <meta content="Cats &amp; boxes" property="og:title"><script>"</script>"</script><meta name="description" content="D"></head>`;
    const whole = readPageMeta(html);
    expect(whole).to.deep.equal({ title: 'Cats & boxes', description: 'D', image: '/i.jpg' });
    for (const size of [1, 2, 3, 7, 64]) {
      const scanner = cardScanner();
      const bytes = Buffer.from(html);
      for (let at = 0; at < bytes.length; at += size) scanner.write(bytes.subarray(at, at + size));
      expect(
        pageMetaOf(scanner, (raw) => raw),
        `pieces of ${size}`,
      ).to.deep.equal(whole);
    }
  });
});
