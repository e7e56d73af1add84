import { type ChildProcess, spawn } from 'node:child_process';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { ADMIN, BOT_TOKEN } from './all-in-one.ts';
import { deployedConfigs, mainConfig, NGINX, nginxUnavailable } from './topology-nginx.ts';

const ROOT = path.resolve(import.meta.dirname, '../..');
const START_TIMEOUT_MS = 60_000;

export type ServiceName = 'projections' | 'command-service' | 'query-service';

export interface TopologyProcess {
  /** e.g. `command-service-2`; the one projections process is `projections`. */
  name: string;
  service: ServiceName | 'nginx';
  /** Where the process answers directly, bypassing the proxy (nginx: the proxy itself). */
  url: string;
  process: ChildProcess;
  output(): string;
}

/** One request the proxy passed on, from its access log. */
export interface ProxiedRequest {
  method: string;
  /** Path and query as the client sent them. */
  uri: string;
  status: number;
  /** The process that answered (`command-service-1`, `frontend`, ...), or null if none did. */
  answeredBy: string | null;
}

export interface Topology {
  /** The proxy: the product's one front door, as http://localhost:8080 in docker-compose. */
  url: string;
  dataDir: string;
  processes: TopologyProcess[];
  /** The processes of one service, in replica order. */
  replicas(service: ServiceName): TopologyProcess[];
  /** What the proxy passed on so far, oldest first. */
  proxied(): ProxiedRequest[];
  /** Everything the processes and nginx printed, for a failure message. */
  output(): string;
  stop(): Promise<void>;
}

export interface TopologyOptions {
  /** Replicas behind the proxy (docker-compose deploys 2 of each). */
  commandServices?: number;
  queryServices?: number;
  /** Added to every service's environment (e.g. real rate limits for a limits test). */
  env?: Record<string, string>;
}

/** Why the topology cannot run here (a test prints it and skips), or null. */
export function topologyUnavailable(): string | null {
  const nginx = nginxUnavailable();
  if (nginx) return nginx;
  if (!fs.existsSync(path.join(ROOT, 'frontend/dist/index.html')))
    return 'frontend/dist is not built (npm run build; npm test builds it first)';
  return null;
}

async function freePort(): Promise<number> {
  const server = net.createServer().listen(0, '127.0.0.1');
  await new Promise((resolve) => server.once('listening', resolve));
  const { port } = server.address() as net.AddressInfo;
  await new Promise((resolve) => server.close(resolve));
  return port;
}

function launch(
  name: string,
  service: TopologyProcess['service'],
  url: string,
  command: string[],
  env: NodeJS.ProcessEnv,
) {
  const child = spawn(command[0], command.slice(1), { cwd: ROOT, env, stdio: ['ignore', 'pipe', 'pipe'] });
  let output = '';
  child.stdout!.on('data', (chunk) => (output += chunk));
  child.stderr!.on('data', (chunk) => (output += chunk));
  return { name, service, url, process: child, output: () => output } satisfies TopologyProcess;
}

/** Waits until `url` answers 200 (a service's /api/ready: stores open, projections caught up). */
async function answers(url: string, started: TopologyProcess): Promise<void> {
  const deadline = Date.now() + START_TIMEOUT_MS;
  for (;;) {
    if (started.process.exitCode !== null) throw new Error(`${started.name} exited early:\n${started.output()}`);
    const ok = await fetch(url).then(
      (response) => response.status === 200,
      () => false,
    );
    if (ok) return;
    if (Date.now() > deadline)
      throw new Error(`${started.name} not ready within ${START_TIMEOUT_MS} ms:\n${started.output()}`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

function stopped(child: ChildProcess, signal: NodeJS.Signals): Promise<void> {
  return new Promise((resolve) => {
    if (child.exitCode !== null || child.signalCode !== null) return resolve();
    child.once('exit', () => resolve());
    child.kill(signal);
  });
}

/**
 * docker-compose.yml's topology without Docker: one projections process, N command-services
 * and M query-services (each from its own main.ts, on one DATA_DIR: the embedded stores work
 * across processes), the frontend's nginx and the proxy's nginx from platform/deploy/ with
 * only their addresses rewritten to loopback. Services run as compose runs them
 * (TRUST_PROXY=true behind the proxy), with the rate limits raised unless `env` sets them.
 */
export async function startTopology(options: TopologyOptions = {}): Promise<Topology> {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'vip-topology-'));
  const nginxDir = fs.mkdtempSync(path.join(os.tmpdir(), 'vip-topology-nginx-'));
  const processes: TopologyProcess[] = [];
  // a test run that dies leaves no process behind
  const killAll = () => {
    for (const started of processes) if (started.process.exitCode === null) started.process.kill('SIGKILL');
  };
  process.once('exit', killAll);

  const env = (port: number): NodeJS.ProcessEnv => ({
    ...process.env,
    PORT: String(port),
    HOST: '127.0.0.1',
    DATA_DIR: dataDir,
    ADMIN_USERNAME: ADMIN.username,
    ADMIN_PASSWORD: ADMIN.password,
    LOG_LEVEL: 'warn',
    TRUST_PROXY: 'true',
    BOT_API_TOKEN: BOT_TOKEN,
    // journeys act faster than a person; a limits test passes its own
    RATE_LIMIT_LOGINS_PER_MINUTE: '100000',
    RATE_LIMIT_KEYS_PER_MINUTE: '100000',
    RATE_LIMIT_HASHES_PER_MINUTE: '100000',
    ...options.env,
  });
  const service = async (name: string, kind: ServiceName) => {
    const port = await freePort();
    const started = launch(
      name,
      kind,
      `http://127.0.0.1:${port}`,
      [process.execPath, '--import', 'tsx', `${kind}/src/main.ts`],
      env(port),
    );
    processes.push(started);
    await answers(`${started.url}/api/ready`, started);
    return started;
  };
  const stop = async () => {
    process.off('exit', killAll);
    // the proxy first, then the services (SIGTERM: each drains and closes its stores)
    await Promise.all(processes.filter((p) => p.service === 'nginx').map((p) => stopped(p.process, 'SIGTERM')));
    await Promise.all(processes.filter((p) => p.service !== 'nginx').map((p) => stopped(p.process, 'SIGTERM')));
    fs.rmSync(dataDir, { recursive: true, force: true });
    fs.rmSync(nginxDir, { recursive: true, force: true });
  };

  try {
    // projections first: it creates both stores, which the others then open side by side
    await service('projections', 'projections');
    await Promise.all([
      ...Array.from({ length: options.commandServices ?? 2 }, (_, i) =>
        service(`command-service-${i + 1}`, 'command-service'),
      ),
      ...Array.from({ length: options.queryServices ?? 2 }, (_, i) =>
        service(`query-service-${i + 1}`, 'query-service'),
      ),
    ]);
    const replicas = (kind: ServiceName) => processes.filter((p) => p.service === kind);
    const hostOf = (started: TopologyProcess) => new URL(started.url).host;

    const [proxyPort, frontendPort] = [await freePort(), await freePort()];
    const configs = deployedConfigs({
      proxyPort,
      frontendPort,
      upstreams: {
        'command-service': replicas('command-service').map(hostOf),
        'query-service': replicas('query-service').map(hostOf),
        projections: replicas('projections').map(hostOf),
        frontend: [`127.0.0.1:${frontendPort}`],
      },
    });
    fs.mkdirSync(path.join(nginxDir, 'temp'));
    fs.writeFileSync(path.join(nginxDir, 'proxy.conf'), configs.proxy);
    fs.writeFileSync(path.join(nginxDir, 'frontend.conf'), configs.frontend);
    fs.writeFileSync(path.join(nginxDir, 'nginx.conf'), mainConfig(nginxDir, proxyPort));
    const url = `http://127.0.0.1:${proxyPort}`;
    const nginx = launch(
      'nginx',
      'nginx',
      url,
      [
        NGINX,
        '-p',
        nginxDir,
        '-c',
        path.join(nginxDir, 'nginx.conf'),
        '-e',
        path.join(nginxDir, 'error.log'),
        '-g',
        'daemon off;',
      ],
      process.env,
    );
    processes.push(nginx);
    await answers(`${url}/api/ready`, nginx).catch((error: Error) => {
      const log = path.join(nginxDir, 'error.log');
      throw new Error(`${error.message}\n${fs.existsSync(log) ? fs.readFileSync(log, 'utf8') : ''}`);
    });

    const byAddress = new Map<string, string>([[`127.0.0.1:${frontendPort}`, 'frontend']]);
    for (const started of processes) if (started.service !== 'nginx') byAddress.set(hostOf(started), started.name);
    return {
      url,
      dataDir,
      processes,
      replicas,
      proxied: () => {
        const log = path.join(nginxDir, 'access.log');
        if (!fs.existsSync(log)) return [];
        return fs
          .readFileSync(log, 'utf8')
          .split('\n')
          .map((line) => line.split('|'))
          .filter(([port]) => port === String(proxyPort))
          .map(([, method, status, upstream, ...uri]) => ({
            method,
            uri: uri.join('|'),
            status: Number(status),
            // a retried request lists every upstream tried ("a, b"): the last one answered
            answeredBy: byAddress.get(upstream.split(',').pop()!.trim()) ?? null,
          }));
      },
      output: () => processes.map((p) => `--- ${p.name}\n${p.output()}`).join('\n'),
      stop,
    };
  } catch (error) {
    await stop();
    throw error;
  }
}
