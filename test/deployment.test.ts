import { expect } from 'chai';
import { execFileSync, spawnSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';

const ROOT = path.resolve(import.meta.dirname, '..');

describe('the distributed deployment files', () => {
  it('docker-compose.yml passes `docker-compose config`', function () {
    if (spawnSync('docker-compose', ['version'], { stdio: 'ignore' }).status !== 0) {
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
    if (spawnSync('docker-compose', ['version'], { stdio: 'ignore' }).status !== 0) {
      console.log('      docker-compose is not installed: the start-up order check is skipped (.ci/run installs it)');
      this.skip();
    }
    // the resolved file (anchors merged, keys sorted, two spaces per level), one block per service
    const services = new Map<string, string>();
    let inServices = false;
    let current = '';
    for (const line of execFileSync('docker-compose', ['config'], { cwd: ROOT, encoding: 'utf8' }).split('\n')) {
      if (/^\S/.test(line)) {
        inServices = line === 'services:';
        current = '';
      } else if (inServices && /^ {2}\S/.test(line)) {
        current = line.trim().replace(/:$/, '');
        services.set(current, '');
      } else if (current) services.set(current, `${services.get(current)}${line}\n`);
    }
    const healthyDependency = (service: string, on: string) =>
      new RegExp(`^ {4}depends_on:\\n(?: {6,}.*\\n)*? {6}${on}:\\n {8}condition: service_healthy$`, 'm').test(
        services.get(service) ?? '',
      );
    for (const service of ['command-service', 'query-service', 'projections', 'bots']) {
      expect(healthyDependency(service, 'eventstore'), `${service} waits for EventStoreDB`).to.equal(true);
      expect(healthyDependency(service, 'mongodb'), `${service} waits for MongoDB`).to.equal(true);
      expect(services.get(service), `${service} has a health check`).to.contain('/api/ready');
    }
    for (const service of ['command-service', 'query-service', 'projections']) {
      expect(healthyDependency('proxy', service), `the proxy waits for ${service}`).to.equal(true);
    }
    expect(services.get('eventstore')).to.match(/healthcheck:[\s\S]*\/health\/live/);
    // mongosh exits 0 whatever --eval prints: the check must fail by itself until this member is primary
    expect(services.get('mongodb')).to.match(/healthcheck:[\s\S]*rs\.initiate\([\s\S]*isWritablePrimary\)\s+quit\(1\)/);
  });

  it('routes GET to queries, other methods to commands, /ws to projections and the rest to the frontend', () => {
    const proxy = fs.readFileSync(path.join(ROOT, 'platform/deploy/proxy.nginx.conf'), 'utf8');
    expect(proxy).to.match(/GET query_service;/);
    expect(proxy).to.match(/default command_service;/);
    expect(proxy).to.match(/location = \/ws \{\s*proxy_pass http:\/\/projections;/);
    expect(proxy).to.match(/location \/ \{\s*proxy_pass http:\/\/frontend;/);
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
