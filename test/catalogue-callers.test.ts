import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { apiCatalogue, keysPaths, type PlainRoute, pathOf, serversPaths } from '@vip/contracts';
import * as plainEntry from '@vip/contracts/plain';
import { expect } from 'chai';

const root = fileURLToPath(new URL('..', import.meta.url));

function sourceFiles(dir: string): string[] {
  return fs.readdirSync(path.join(root, dir), { recursive: true, encoding: 'utf8' }).flatMap((name) => {
    const file = path.join(dir, name);
    return /\.(ts|tsx)$/.test(name) && fs.statSync(path.join(root, file)).isFile() ? [file] : [];
  });
}

const read = (file: string) => fs.readFileSync(path.join(root, file), 'utf8');

/**
 * A literal that starts an API path: '/api/…', "/api", `/api${…}`. A caller that writes one
 * (or a base '/api' to put a relative path after) has a path of its own beside the catalogue's.
 */
const handWrittenPath = /(['"`])\/api(?=[/'"`?$])/;

function handWrittenPathsIn(text: string): string[] {
  return text
    .split('\n')
    .flatMap((line, index) => (handWrittenPath.test(line) ? [`${index + 1}: ${line.trim()}`] : []));
}

/** The modules a file imports at run time (type-only imports and exports are erased). */
function runtimeImportsOf(text: string): string[] {
  const statements = text.match(/^(?:import|export)\s[^;]*?\sfrom\s+'[^']+';/gms) ?? [];
  return statements
    .filter((statement) => !/^(?:import|export)\s+type\s/.test(statement))
    .map((s) => /'([^']+)';$/.exec(s)![1]);
}

describe('callers take their routes from the catalogue', () => {
  it('no product route path is written by hand in frontend/src or bots/src', () => {
    const found = [...sourceFiles('frontend/src'), ...sourceFiles('bots/src')].flatMap((file) =>
      handWrittenPathsIn(read(file)).map((line) => `${file}:${line}`),
    );
    expect(found, 'take the path from contracts with pathOf / requestTo').to.deep.equal([]);
  });

  it('would see a path written by hand, whole or after a base', () => {
    expect(handWrittenPathsIn("fetch('/api/server/1')")).to.have.length(1);
    expect(handWrittenPathsIn(`call(\`/api/bot/guilds/\${id}\`)`)).to.have.length(1);
    expect(handWrittenPathsIn("fetchBaseQuery({ baseUrl: '/api' })")).to.have.length(1);
    expect(handWrittenPathsIn(`fetch(\`/api\${path}\`)`)).to.have.length(1);
    expect(handWrittenPathsIn('/** Asks GET /api/site once */ pathOf(sitePaths.settings)')).to.deep.equal([]);
  });

  it('the frontend imports the main entry for types only, so no schema reaches a page', () => {
    const valueImports = sourceFiles('frontend/src').flatMap((file) =>
      runtimeImportsOf(read(file))
        .filter((module) => module === '@vip/contracts')
        .map(() => file),
    );
    expect(valueImports, "values come from '@vip/contracts/plain'").to.deep.equal([]);
  });

  it("the plain entry reaches neither zod nor a route's schemas", () => {
    const seen = new Set<string>();
    const visit = (file: string) => {
      if (seen.has(file)) return;
      seen.add(file);
      for (const module of runtimeImportsOf(read(file))) {
        expect(module.startsWith('.'), `${file} imports ${module}`).to.equal(true);
        visit(path.join(path.dirname(file), module));
      }
    };
    visit('contracts/src/plain.ts');
    expect([...seen].filter((file) => file.includes('/api/'))).to.deep.equal([]);
    expect(seen.size).to.be.greaterThan(10);
  });

  it('the plain entry holds every route of the catalogue, as the services mount it', () => {
    const plainRoutes = Object.values(plainEntry).flatMap((value) =>
      typeof value === 'object' && value !== null && !Array.isArray(value)
        ? Object.values(value).filter(
            (route): route is PlainRoute =>
              typeof route === 'object' && route !== null && 'path' in route && 'method' in route && 'auth' in route,
          )
        : [],
    );
    const plain = plainRoutes.map(({ method, path, auth }) => `${method} ${path} ${auth}`).sort();
    const mounted = apiCatalogue.map(({ method, path, auth }) => `${method} ${path} ${auth}`).sort();
    expect(plain).to.deep.equal(mounted);
  });

  it('fills path parameters, encoded, and refuses a missing one', () => {
    expect(pathOf(serversPaths.serverChannels, { id: '100000000000000001' })).to.equal(
      '/api/server/100000000000000001/channels',
    );
    expect(pathOf(keysPaths.validateHash, { hash: 'a/b c?' })).to.equal('/api/hash/validate/a%2Fb%20c%3F');
    expect(pathOf(keysPaths.generateHash)).to.equal('/api/hash/generate');
    const fill = pathOf as (route: PlainRoute, params?: object) => string;
    expect(() => fill(serversPaths.serverInfo, {})).to.throw('GET /api/server/:id needs its id');
  });
});
