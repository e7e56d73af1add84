import fs from 'node:fs';
import path from 'node:path';
import zlib from 'node:zlib';
import { SITE_SETTINGS_ELEMENT_ID, type SiteSettings } from '@vip/contracts';
import { accessLog, CONTENT_SECURITY_POLICY, type Logger, type Metrics, securityHeaders } from '@vip/platform';
import Koa from 'koa';
import serve from 'koa-static';

/**
 * The site's settings as a data block in the page (decisions.md §12): the browser has them
 * before its first paint, without a round trip. A JSON script is never executed; `<` is
 * escaped so that no value can close the element.
 */
export function settingsBlock(settings: SiteSettings): string {
  const json = JSON.stringify(settings).replace(/</g, '\\u003c');
  return `<script type="application/json" id="${SITE_SETTINGS_ELEMENT_ID}">${json}</script>`;
}

interface ServedPage {
  mtimeMs: number;
  html: Buffer;
  brotli: Buffer;
  gzip: Buffer;
}

/**
 * index.html with the settings in its head, compressed once: the file is read again only when
 * a new build replaced it.
 */
function pageServer(file: string, settings: SiteSettings | undefined) {
  let cached: ServedPage | undefined;
  return (): ServedPage | undefined => {
    let mtimeMs: number;
    try {
      mtimeMs = fs.statSync(file).mtimeMs;
    } catch {
      return undefined;
    }
    if (cached?.mtimeMs === mtimeMs) return cached;
    const source = fs.readFileSync(file, 'utf8');
    const html = Buffer.from(settings ? source.replace('</head>', `${settingsBlock(settings)}</head>`) : source);
    cached = {
      mtimeMs,
      html,
      brotli: zlib.brotliCompressSync(html, { params: { [zlib.constants.BROTLI_PARAM_QUALITY]: 11 } }),
      gzip: zlib.gzipSync(html, { level: 9 }),
    };
    return cached;
  };
}

/**
 * The built single-page app: hashed assets cached for a year, every other path answered
 * with index.html (carrying the site's run-time settings) so that the browser's router can
 * take it from there. Every page carries the Content-Security-Policy; HSTS goes with every
 * answer when the public address is https.
 */
export function createFrontendApp(
  frontendDir: string,
  observe?: { logger: Logger; metrics: Metrics },
  settings?: SiteSettings,
  site: { publicUrl: string | undefined } = { publicUrl: undefined },
): Koa {
  const app = new Koa();
  const indexPage = pageServer(path.join(frontendDir, 'index.html'), settings);
  if (observe) app.use(accessLog(observe.logger, observe.metrics));
  app.use(securityHeaders(site));
  app.use(async (ctx, next) => {
    await next();
    if (ctx.response.is('html')) ctx.set('Content-Security-Policy', CONTENT_SECURITY_POLICY);
  });
  app.use(async (ctx, next) => {
    await next();
    if (ctx.path.startsWith('/assets/') && ctx.status === 200)
      ctx.set('Cache-Control', 'public, max-age=31536000, immutable');
  });
  // brotli/gzip siblings written at build time are sent to browsers that accept them
  app.use(serve(frontendDir, { index: false, maxage: 0, brotli: true, gzip: true }));
  app.use(async (ctx) => {
    if (ctx.method !== 'GET' && ctx.method !== 'HEAD') {
      ctx.status = 405;
      return;
    }
    const page = indexPage();
    if (!page) {
      ctx.status = 503;
      ctx.type = 'text/plain';
      ctx.body = 'The frontend is not built yet: run `npm run build` (npm start does it for you).';
      return;
    }
    ctx.type = 'html';
    ctx.set('Cache-Control', 'no-cache');
    ctx.set('Vary', 'Accept-Encoding');
    const encoding = ctx.acceptsEncodings('br', 'gzip', 'identity');
    if (encoding === 'br' || encoding === 'gzip') {
      ctx.set('Content-Encoding', encoding);
      ctx.body = encoding === 'br' ? page.brotli : page.gzip;
      return;
    }
    ctx.body = page.html;
  });
  return app;
}
