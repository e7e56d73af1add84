import http from 'node:http';
import type { AddressInfo } from 'node:net';
import zlib from 'node:zlib';

/** A video page with its OpenGraph tags, as a video site serves it. */
export const videoPageHtml = (
  title: string,
  image: string,
  description = 'Ten minutes of a cat and a box.',
) => `<!doctype html>
<html lang="en"><head>
<meta charset="utf-8">
<title>${title} - VideoSite</title>
<meta property="og:title" content="${title}">
<meta property="og:description" content="${description}">
<meta property="og:image" content="${image}">
<meta property="og:type" content="video.other">
</head><body><h1>${title}</h1></body></html>`;

const THUMBNAIL_SVG = `<svg xmlns="http://www.w3.org/2000/svg" width="320" height="180" viewBox="0 0 320 180">
<defs><linearGradient id="sky" x1="0" y1="0" x2="1" y2="1"><stop offset="0" stop-color="#f6c453"/><stop offset="1" stop-color="#e0703c"/></linearGradient></defs>
<rect width="320" height="180" fill="url(#sky)"/>
<rect x="95" y="95" width="130" height="70" fill="#a0703c" stroke="#6b4420" stroke-width="4"/>
<circle cx="160" cy="80" r="30" fill="#3b3b3b"/><polygon points="136,62 142,36 154,56" fill="#3b3b3b"/><polygon points="184,62 178,36 166,56" fill="#3b3b3b"/>
<circle cx="150" cy="78" r="4" fill="#f6c453"/><circle cx="170" cy="78" r="4" fill="#f6c453"/>
<circle cx="272" cy="40" r="22" fill="rgba(0,0,0,.55)"/><polygon points="265,29 265,51 284,40" fill="#fff"/>
</svg>`;

/**
 * Pages served on 127.0.0.1 for the poster bot to read: a good page, a slow one, a huge one,
 * a PDF, redirects (to a private address, to the good page, in a loop), a gzip-compressed
 * page and a 404. Every request is counted by path, so a test can see what was fetched.
 */
export async function serveVideoPages(): Promise<{
  port: number;
  url: (path: string) => string;
  requests: string[];
  close(): Promise<void>;
}> {
  const requests: string[] = [];
  const server = http.createServer((request, response) => {
    // a query only tells one post of the same page from another
    const path = (request.url ?? '/').replace(/\?.*$/, '');
    requests.push(request.url ?? '/');
    const html = (body: string | Buffer, headers: http.OutgoingHttpHeaders = {}) => {
      response.writeHead(200, { 'content-type': 'text/html; charset=utf-8', ...headers });
      response.end(body);
    };
    if (path === '/watch/cats') return html(videoPageHtml('Cats &amp; boxes', '/thumbs/cats.jpg'));
    if (path === '/thumbs/cats.jpg') {
      // a picture for the screenshot of the embed (browsers go by the content type, not the name)
      response.writeHead(200, { 'content-type': 'image/svg+xml' });
      return void response.end(THUMBNAIL_SVG);
    }
    if (path === '/watch/no-tags') return html('<html><head></head><body>No title here</body></html>');
    if (path === '/watch/slow') return void setTimeout(() => html(videoPageHtml('Too late', '/t.jpg')), 10_000);
    if (path === '/watch/huge') {
      response.writeHead(200, { 'content-type': 'text/html' });
      // a head that never ends within the cap: scripts before the tags
      response.write('<html><head><script>');
      for (let index = 0; index < 200; index++) response.write(`/*${'x'.repeat(10_000)}*/`);
      return void response.end(`</script>${videoPageHtml('Huge', '/h.jpg')}`);
    }
    if (path === '/watch/declared-huge') {
      response.writeHead(200, { 'content-type': 'text/html', 'content-length': String(50_000_000) });
      return void response.end('<html>');
    }
    if (path === '/watch/pdf') {
      response.writeHead(200, { 'content-type': 'application/pdf' });
      return void response.end('%PDF-1.7');
    }
    if (path === '/watch/gzip')
      return html(zlib.gzipSync(videoPageHtml('Squeezed', 'https://cdn.example/s.jpg')), {
        'content-encoding': 'gzip',
      });
    const redirect = (location: string) => {
      response.writeHead(302, { location });
      response.end();
    };
    if (path === '/go/private') return redirect('http://10.0.0.1/admin');
    if (path === '/go/metadata') return redirect('http://169.254.169.254/latest/meta-data/');
    if (path === '/go/ipv6-loopback') return redirect('http://[::1]/');
    if (path === '/go/cats') return redirect('/watch/cats');
    if (path === '/go/loop') return redirect('/go/loop');
    response.writeHead(404, { 'content-type': 'text/html' });
    response.end('<html><head><title>Not found</title></head></html>');
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    port,
    url: (path) => `http://127.0.0.1:${port}${path}`,
    requests,
    async close() {
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}
