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
