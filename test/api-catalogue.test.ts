import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type Router from '@koa/router';
import { commandRouter, resolveCommandDeps } from '@vip/command-service';
import { apiCatalogue, buildOpenApi } from '@vip/contracts';
import { closeContainer, createContainer, loadConfig } from '@vip/platform';
import { queryRouter, resolveQueryDeps } from '@vip/query-service';
import { expect } from 'chai';
import type { Container } from 'inversify';

function served(routers: Router[]): string[] {
  return routers.flatMap((router) =>
    router.stack.flatMap((layer) =>
      layer.methods.filter((method) => method !== 'HEAD').map((method) => `${method} ${layer.path}`),
    ),
  );
}

/**
 * The catalogue in contracts is what OpenAPI, the authorization matrix and the malformed-input
 * tests are generated from: a route served but missing from it would escape all three.
 */
describe('the API catalogue', () => {
  let container: Container;
  let dataDir: string;
  let routes: string[];

  before(async () => {
    dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'vip-catalogue-'));
    container = await createContainer(loadConfig({ DATA_DIR: dataDir, LOG_LEVEL: 'silent' }), 'catalogue-test');
    routes = [
      ...served([commandRouter(await resolveCommandDeps(container))]),
      ...served([queryRouter(await resolveQueryDeps(container))]),
    ];
  });
  after(async () => {
    await closeContainer(container);
    fs.rmSync(dataDir, { recursive: true, force: true });
  });

  it('lists exactly the routes the services serve', () => {
    const catalogued = apiCatalogue.map((route) => `${route.method} ${route.path}`);
    expect([...routes].sort()).to.deep.equal([...new Set(catalogued)].sort());
    expect(catalogued.length, 'no route listed twice').to.equal(new Set(catalogued).size);
  });

  it('lists only reads as GET, so the proxy sends every write to command-service', () => {
    const queryPaths = new Set(routes.filter((route) => route.startsWith('GET ')));
    for (const route of apiCatalogue.filter((r) => r.method === 'GET'))
      expect(queryPaths.has(`GET ${route.path}`)).to.equal(true);
  });

  it('generates an OpenAPI 3.1 document with every route and who may call it', () => {
    const document = buildOpenApi(apiCatalogue, { title: 't', version: '1' }) as {
      openapi: string;
      paths: Record<string, Record<string, { 'x-auth': string; security: unknown[] }>>;
    };
    expect(document.openapi).to.equal('3.1.0');
    for (const route of apiCatalogue) {
      const operation = document.paths[route.path.replace(/:(\w+)/g, '{$1}')]?.[route.method.toLowerCase()];
      expect(operation, `${route.method} ${route.path}`).to.not.equal(undefined);
      expect(operation['x-auth']).to.equal(route.auth);
      expect(operation.security.length > 0).to.equal(route.auth !== 'anonymous');
    }
  });
});
