import { execFileSync, spawnSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { CONTENT_SECURITY_POLICY, loadConfig } from '@vip/platform';
import { expect } from 'chai';

const ROOT = path.resolve(import.meta.dirname, '..');
const hasCompose = () => spawnSync('docker-compose', ['version'], { stdio: 'ignore' }).status === 0;

/** `docker-compose config` (anchors merged, keys sorted, two spaces per level), one block per service. */
function resolvedServices(files: string[] = []): Map<string, string> {
  const services = new Map<string, string>();
  let inServices = false;
  let current = '';
  const args = [...files.flatMap((file) => ['-f', file]), 'config'];
  for (const line of execFileSync('docker-compose', args, { cwd: ROOT, encoding: 'utf8' }).split('\n')) {
    if (/^\S/.test(line)) {
      inServices = line === 'services:';
      current = '';
    } else if (inServices && /^ {2}\S/.test(line)) {
      current = line.trim().replace(/:$/, '');
      services.set(current, '');
    } else if (current) services.set(current, `${services.get(current)}${line}\n`);
  }
  return services;
}

/** A service's environment in the resolved file: its names and values. */
function environmentOf(block: string): Map<string, string> {
  const environment = new Map<string, string>();
  let inside = false;
  for (const line of block.split('\n')) {
    if (/^ {4}\S/.test(line)) inside = line === '    environment:';
    else if (inside) {
      const match = /^ {6}([A-Z0-9_]+): ?(.*)$/.exec(line);
      if (match) environment.set(match[1], match[2].replace(/^'(.*)'$/, '$1'));
    }
  }
  return environment;
}

/** Every variable docs/configuration.md documents (the first column of its table). */
function documentedVariables(): string[] {
  const docs = fs.readFileSync(path.join(ROOT, 'docs/configuration.md'), 'utf8');
  return [...docs.matchAll(/^\| `([A-Z][A-Z0-9_]*)` \|/gm)].map((match) => match[1]);
}

/** Documented variables the command- and query-services do not read, and why. */
const NOT_FOR_THE_API_SERVICES: Record<string, string> = {
  PORT: 'set to 3000 in the image',
  HOST: 'the default (every interface of the container)',
  FRONTEND_DIR: 'the frontend has a container of its own',
  TRUST_PROXY_HOPS: 'TRUST_PROXY=true: the one proxy',
  DISCORD_TOKEN: 'the bots only',
  POSTER_DISCORD_TOKEN: 'the bots only',
  PRODUCT_API_URL: 'the bots only',
  GUILD_REPORT_INTERVAL_SECONDS: 'the bots only',
  SHARD_TOTAL: 'the bots only',
  READ_STORE_CACHE_MB: 'the embedded read store only: compose runs MongoDB',
  BOT_SNAPSHOT_EVENTS: 'the bots only',
  BOT_SNAPSHOT_SECONDS: 'the bots only',
};

describe('the distributed deployment files', () => {
  it('docker-compose.yml passes `docker-compose config`', function () {
    if (!hasCompose()) {
      console.log('      docker-compose is not installed: the compose file check is skipped (.ci/run installs it)');
      this.skip();
    }
    const services = execFileSync('docker-compose', ['config', '--services'], { cwd: ROOT, encoding: 'utf8' })
      .split('\n')
      .filter(Boolean);
    expect(services).to.include.members([
      'eventstore',
      'mongodb',
      'command-service',
      'query-service',
      'projections',
      'frontend',
      'proxy',
      'bots',
    ]);
  });

  it('starts the services once EventStoreDB answers and MongoDB’s replica set has a primary', function () {
    if (!hasCompose()) {
      console.log('      docker-compose is not installed: the start-up order check is skipped (.ci/run installs it)');
      this.skip();
    }
    const services = resolvedServices();
    const healthyDependency = (service: string, on: string) =>
      new RegExp(`^ {4}depends_on:\\n(?: {6,}.*\\n)*? {6}${on}:\\n {8}condition: service_healthy$`, 'm').test(
        services.get(service) ?? '',
      );
    for (const service of ['command-service', 'query-service', 'projections', 'bots']) {
      expect(healthyDependency(service, 'eventstore'), `${service} waits for EventStoreDB`).to.equal(true);
      expect(healthyDependency(service, 'mongodb'), `${service} waits for MongoDB`).to.equal(true);
    }
    for (const service of ['command-service', 'query-service', 'bots']) {
      expect(services.get(service), `${service} has a readiness check`).to.contain('/api/ready');
    }
    for (const service of ['command-service', 'query-service', 'projections']) {
      expect(healthyDependency('proxy', service), `the proxy waits for ${service}`).to.equal(true);
    }
    expect(services.get('eventstore')).to.match(/healthcheck:[\s\S]*\/health\/live/);
    // mongosh exits 0 whatever --eval prints: the check must fail by itself until this member is primary
    expect(services.get('mongodb')).to.match(/healthcheck:[\s\S]*rs\.initiate\([\s\S]*isWritablePrimary\)\s+quit\(1\)/);
  });

  // issue #31 item 6: the suites could not reach the stores the deployment runs
  it('publishes EventStoreDB and MongoDB for the contract suites on loopback only, and never by default', function () {
    if (!hasCompose()) {
      console.log('      docker-compose is not installed: the ports check is skipped (.ci/run installs it)');
      this.skip();
    }
    const portsOf = (block: string) => /^ {4}ports:\n((?: {4}- .*\n)+)/m.exec(block)?.[1].trim().split('\n') ?? [];
    const plain = resolvedServices();
    expect(portsOf(plain.get('eventstore') ?? '')).to.deep.equal([]);
    expect(portsOf(plain.get('mongodb') ?? '')).to.deep.equal([]);
    const suites = resolvedServices(['docker-compose.yml', 'platform/deploy/compose.contract-suites.yml']);
    expect(portsOf(suites.get('eventstore') ?? '')).to.deep.equal(['- 127.0.0.1:2113:2113/tcp']);
    expect(portsOf(suites.get('mongodb') ?? '')).to.deep.equal(['- 127.0.0.1:27017:27017/tcp']);
  });

  // issue #19 item 17: the projections' readiness check failed a catch-up longer than about a
  // minute, and `up` then never started the proxy
  it('calls the projections healthy while they catch up (alive, not ready), so that the proxy starts', function () {
    if (!hasCompose()) {
      console.log('      docker-compose is not installed: the health check is skipped (.ci/run installs it)');
      this.skip();
    }
    const projections = resolvedServices().get('projections') ?? '';
    const check = /^ {4}healthcheck:\n((?: {6,}.*\n)*)/m.exec(projections)?.[1] ?? '';
    expect(check).to.contain('/api/health');
    expect(check).to.not.contain('/api/ready');
  });

  it('gives the command- and query-services every variable docs/configuration.md documents for them', function () {
    if (!hasCompose()) {
      console.log('      docker-compose is not installed: the environment check is skipped (.ci/run installs it)');
      this.skip();
    }
    const services = resolvedServices();
    const wanted = documentedVariables().filter((name) => !(name in NOT_FOR_THE_API_SERVICES));
    expect(wanted).to.include.members(['DISCORD_CLIENT_SECRET', 'SUPPORT_URL', 'SPONSOR_URL', 'AUDIT_SEAL_EVERY']);
    for (const service of ['command-service', 'query-service', 'projections', 'bots']) {
      const environment = environmentOf(services.get(service) ?? '');
      const missing = wanted.filter((name) => !environment.has(name));
      expect(missing, `${service} is not given`).to.deep.equal([]);
      // what compose passes empty when the operator set nothing means each variable's default
      const empty = Object.fromEntries([...environment].filter(([, value]) => value === ''));
      expect(() => loadConfig(empty), service).to.not.throw();
    }
    expect(environmentOf(services.get('bots') ?? '')).to.include.keys('DISCORD_TOKEN', 'POSTER_DISCORD_TOKEN');
  });

  it('routes GET to queries, other methods to commands, /ws to projections and the rest to the frontend', () => {
    const proxy = fs.readFileSync(path.join(ROOT, 'platform/deploy/proxy.nginx.conf'), 'utf8');
    expect(proxy).to.match(/GET query_service;/);
    expect(proxy).to.match(/default command_service;/);
    expect(proxy).to.match(/location \/api\/ \{\s*proxy_pass http:\/\/\$api_side;/);
    expect(proxy).to.match(/location = \/ws \{\s*proxy_pass http:\/\/projections;/);
    expect(proxy).to.match(/location \/ \{\s*proxy_pass http:\/\/frontend;/);
    // the services' own /metrics are never public
    expect(proxy).to.match(/location = \/metrics \{\s*return 404;/);
  });

  // issue #19 item 17: nginx resolved the services once at its start, so a re-created replica
  // (a new address) got 502s until nginx restarted
  it('asks Docker’s DNS for the services’ addresses while it runs, not once at its start', function () {
    const proxy = fs.readFileSync(path.join(ROOT, 'platform/deploy/proxy.nginx.conf'), 'utf8');
    expect(proxy).to.match(/^resolver 127\.0\.0\.11 valid=\d+s/m);
    const upstreams = [...proxy.matchAll(/^upstream ([\w-]+) \{([^}]*)\}/gm)];
    expect(upstreams.map((upstream) => upstream[1])).to.have.members([
      'query_service',
      'command_service',
      'projections',
      'frontend',
    ]);
    for (const [, name, body] of upstreams) {
      expect(body, name).to.match(/\bzone [\w-]+ \d+k;/);
      const servers = [...body.matchAll(/server ([^;]+);/g)].map((server) => server[1]);
      expect(servers.length, name).to.be.greaterThan(0);
      for (const server of servers) expect(server, name).to.match(/^[\w-]+:\d+ resolve$/);
    }
    if (!hasCompose()) return;
    // `resolve` on an upstream server is nginx 1.27.3 or later
    const image = /^ {4}image: nginx:(\d+)\.(\d+)/m.exec(resolvedServices().get('proxy') ?? '');
    expect(image, 'the proxy image names its nginx version').to.not.equal(null);
    const [major, minor] = [Number(image![1]), Number(image![2])];
    expect(major > 1 || minor >= 28, `nginx ${major}.${minor}`).to.equal(true);
  });

  it('sends the all-in-one’s Content-Security-Policy with the frontend’s pages', () => {
    const frontend = fs.readFileSync(path.join(ROOT, 'platform/deploy/frontend.nginx.conf'), 'utf8');
    const sent = /add_header Content-Security-Policy "([^"]+)" always;/.exec(frontend);
    expect(sent?.[1]).to.equal(CONTENT_SECURITY_POLICY);
  });

  it('gives every service its own entry point', () => {
    for (const entry of [
      'command-service/src/main.ts',
      'query-service/src/main.ts',
      'projections/src/main.ts',
      'src/main.ts',
    ]) {
      expect(fs.existsSync(path.join(ROOT, entry)), entry).to.equal(true);
    }
  });
});
