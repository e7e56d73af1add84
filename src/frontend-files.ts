import fs from 'node:fs';
import path from 'node:path';
import Koa from 'koa';
import serve from 'koa-static';
import { accessLog, securityHeaders, type Logger, type Metrics } from '@vip/platform';

/**
 * The built single-page app: hashed assets cached for a year, every other path answered
 * with index.html so that the browser's router can take it from there.
 */
export function createFrontendApp(frontendDir: string, observe?: { logger: Logger; metrics: Metrics }): Koa {
  const app = new Koa();
  const indexFile = path.join(frontendDir, 'index.html');
  if (observe) app.use(accessLog(observe.logger, observe.metrics));
  app.use(securityHeaders);
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
    if (!fs.existsSync(indexFile)) {
      ctx.status = 503;
      ctx.type = 'text/plain';
      ctx.body = 'The frontend is not built yet: run `npm run build` (npm start does it for you).';
      return;
    }
    ctx.type = 'html';
    ctx.set('Cache-Control', 'no-cache');
    ctx.set('Vary', 'Accept-Encoding');
    const brotli = `${indexFile}.br`;
    if (ctx.acceptsEncodings('br', 'identity') === 'br' && fs.existsSync(brotli)) {
      ctx.set('Content-Encoding', 'br');
      ctx.body = fs.createReadStream(brotli);
      return;
    }
    ctx.body = fs.createReadStream(indexFile);
  });
  return app;
}
