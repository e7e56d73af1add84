import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';

const ROOT = path.resolve(import.meta.dirname, '../..');
const DEPLOY = path.join(ROOT, 'platform/deploy');

/** nginx from PATH, or Debian's, which a normal user's PATH often lacks. */
export const NGINX = spawnSync('nginx', ['-v']).error && fs.existsSync('/usr/sbin/nginx') ? '/usr/sbin/nginx' : 'nginx';

/** Why nginx cannot run the deployment's configs here, or null when it can. */
export function nginxUnavailable(): string | null {
  const version = spawnSync(NGINX, ['-v'], { encoding: 'utf8' });
  if (version.error || version.status !== 0) return 'nginx is not installed (.ci/run installs it from Debian)';
  // -e (the error log before the config is read, so no /var/log is needed) is nginx 1.19.5+
  const [major, minor, patch] = (/nginx\/(\d+)\.(\d+)\.(\d+)/.exec(version.stderr) ?? []).slice(1).map(Number);
  if (!(major > 1 || minor > 19 || (minor === 19 && patch >= 5)))
    return `nginx ${version.stderr.trim()} is older than 1.19.5`;
  return null;
}

/** The directory of nginx's own configuration (for mime.types), from `nginx -V`. */
function nginxConfDir(): string {
  const built = spawnSync(NGINX, ['-V'], { encoding: 'utf8' }).stderr;
  const confPath = /--conf-path=(\S+)/.exec(built)?.[1] ?? '/etc/nginx/nginx.conf';
  return path.dirname(confPath);
}

export interface NginxAddresses {
  /** Loopback port the proxy listens on (80 in docker-compose). */
  proxyPort: number;
  /** Loopback port the frontend's nginx listens on (80 in its container). */
  frontendPort: number;
  /** Each docker-compose service name the proxy names, and the `host:port` of its replicas here. */
  upstreams: Record<'command-service' | 'query-service' | 'projections' | 'frontend', string[]>;
}

/** Replaces exactly `count` matches of `pattern`, or says which line of which file changed. */
function rewrite(text: string, file: string, pattern: RegExp, replace: (...groups: string[]) => string): string {
  let found = 0;
  const result = text.replace(pattern, (...match) => {
    found += 1;
    return replace(...(match.slice(0, -2) as string[]));
  });
  if (found === 0) throw new Error(`platform/deploy/${file} no longer has ${pattern}: update the topology harness`);
  return result;
}

/**
 * The proxy's and the frontend's configs from platform/deploy/, with only what docker-compose
 * decides rewritten: the upstreams' addresses (service names → loopback ports, one `server`
 * line per replica, as Docker's DNS answers one address per replica, without `resolve`: an
 * address needs no DNS, and Debian's nginx predates `resolve`), the listen ports, and the
 * frontend's root (the image copies frontend/dist there). Everything else is as deployed.
 */
export function deployedConfigs(addresses: NginxAddresses): { proxy: string; frontend: string } {
  let proxy = fs.readFileSync(path.join(DEPLOY, 'proxy.nginx.conf'), 'utf8');
  const named = new Set<string>();
  proxy = rewrite(proxy, 'proxy.nginx.conf', /server ([\w-]+):(\d+)(?: resolve)?;/g, (_line, host) => {
    const replicas = addresses.upstreams[host as keyof NginxAddresses['upstreams']];
    if (!replicas) throw new Error(`platform/deploy/proxy.nginx.conf names an unknown upstream host ${host}`);
    named.add(host);
    return replicas.map((address) => `server ${address};`).join(' ');
  });
  for (const host of Object.keys(addresses.upstreams)) {
    if (!named.has(host)) throw new Error(`platform/deploy/proxy.nginx.conf no longer names ${host}`);
  }
  proxy = rewrite(proxy, 'proxy.nginx.conf', /listen 80;/g, () => `listen 127.0.0.1:${addresses.proxyPort};`);

  let frontend = fs.readFileSync(path.join(DEPLOY, 'frontend.nginx.conf'), 'utf8');
  frontend = rewrite(
    frontend,
    'frontend.nginx.conf',
    /listen 80;/g,
    () => `listen 127.0.0.1:${addresses.frontendPort};`,
  );
  frontend = rewrite(
    frontend,
    'frontend.nginx.conf',
    /root \/usr\/share\/nginx\/html;/g,
    () => `root ${path.join(ROOT, 'frontend/dist')};`,
  );
  return { proxy, frontend };
}

/**
 * The main nginx.conf around them, for nginx as an ordinary process: its own prefix, pid,
 * logs and temp paths under `dir`, in the foreground. The access log records which upstream
 * answered each request, so a test can see requests spread over the replicas.
 */
export function mainConfig(dir: string, proxyPort: number): string {
  const temp = (name: string) => path.join(dir, 'temp', name);
  const mimeTypes = path.join(nginxConfDir(), 'mime.types');
  // as root, workers would run as nobody and could not enter the private temp dir
  const asRoot = process.getuid?.() === 0 ? `user ${os.userInfo().username};\n` : '';
  return `${asRoot}worker_processes 1;
pid ${path.join(dir, 'nginx.pid')};
error_log ${path.join(dir, 'error.log')} warn;
events { worker_connections 1024; }
http {
  ${fs.existsSync(mimeTypes) ? `include ${mimeTypes};` : ''}
  default_type application/octet-stream;
  log_format upstreams '$server_port|$request_method|$status|$upstream_addr|$request_uri';
  access_log ${path.join(dir, 'access.log')} upstreams;
  client_body_temp_path ${temp('body')};
  proxy_temp_path ${temp('proxy')};
  fastcgi_temp_path ${temp('fastcgi')};
  uwsgi_temp_path ${temp('uwsgi')};
  scgi_temp_path ${temp('scgi')};
  # the proxy listens on ${proxyPort}
  include ${path.join(dir, 'frontend.conf')};
  include ${path.join(dir, 'proxy.conf')};
}
`;
}
