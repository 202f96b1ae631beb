import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { mkdtemp, mkdir, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { waitUntil } from '../net';
import { REPO_ROOT } from '../repo';

/** The web image's nginx files (Dockerfile, stage web), in the repository. */
export const NGINX_DIR = path.join(REPO_ROOT, 'dev', 'docker', 'nginx');
const IMAGE_SITE_DIR = '/etc/nginx/site/';
const IMAGE_WEB_ROOT = '/usr/share/nginx/html';
const IMAGE_TLS_DIR = '/etc/nginx/tls/';
const IMAGE_API = 'http://api:3000';

/** The machine's nginx binary, if there is one (CI installs Debian's). */
export function nginxBinary(): string | undefined {
  for (const candidate of ['/usr/sbin/nginx', '/usr/bin/nginx']) {
    if (spawnSync(candidate, ['-v']).status === 0) return candidate;
  }
  return undefined;
}

export interface NativeNginxOptions {
  /** The built site (web/dist). */
  webRoot: string;
  /** Where the api runs here, for the image's `http://api:3000`. */
  apiOrigin: string;
  /** http.conf (the development front) or https.conf (production's; needs `tls`). */
  server: 'http.conf' | 'https.conf';
  /** Ports for the config's `listen 80` and `listen 443`. */
  ports: { http: number; https?: number };
  /** Folder with fullchain.pem and privkey.pem, for https.conf. */
  tlsDir?: string;
}

export interface NativeNginx {
  url: string;
  close(): Promise<void>;
}

/**
 * Runs the web image's nginx configuration, unchanged but for the image's paths, its listen
 * ports and the api's host name, with the machine's nginx: the front of docker compose,
 * tested where no container engine runs.
 */
export async function startNativeNginx(binary: string, options: NativeNginxOptions): Promise<NativeNginx> {
  const dir = await mkdtemp(path.join(tmpdir(), 'nginx-front-'));
  const site = path.join(dir, 'site');
  await mkdir(site);
  const localise = (text: string) =>
    text
      .replaceAll(IMAGE_SITE_DIR, `${site}/`)
      .replaceAll(IMAGE_WEB_ROOT, options.webRoot)
      .replaceAll(IMAGE_TLS_DIR, `${options.tlsDir ?? path.join(dir, 'no-tls')}/`)
      .replaceAll(IMAGE_API, options.apiOrigin)
      .replace(/listen 80;/g, `listen 127.0.0.1:${options.ports.http};`)
      .replace(/listen 443 /g, `listen 127.0.0.1:${options.ports.https ?? 0} `)
      .replace(/return 301 https:\/\/\$host\$request_uri;/, `return 301 https://$host:${options.ports.https ?? 0}$request_uri;`);
  for (const file of ['locations.conf', 'security-headers.conf']) {
    await writeFile(path.join(site, file), localise(await readFile(path.join(NGINX_DIR, file), 'utf8')));
  }
  const routes = localise(await readFile(path.join(NGINX_DIR, 'app-routes.conf'), 'utf8'));
  const server = localise(await readFile(path.join(NGINX_DIR, options.server), 'utf8'));
  // What the nginx image's own nginx.conf gives every conf.d file, with the temp paths here.
  const temp = (name: string) => path.join(dir, name);
  // Started by root, nginx's workers run as nobody, who cannot read a checkout in a private
  // folder (a clone in a mktemp directory is mode 0700): they then answer 403 for every file.
  // Here the workers run as whoever started the test (the directive is ignored for non-root).
  const conf = `
${process.getuid?.() === 0 ? 'user root;' : ''}
pid ${temp('nginx.pid')};
error_log ${temp('error.log')} warn;
events {}
http {
  include /etc/nginx/mime.types;
  default_type application/octet-stream;
  access_log off;
  sendfile on;
  client_body_temp_path ${temp('body')};
  proxy_temp_path ${temp('proxy')};
  fastcgi_temp_path ${temp('fastcgi')};
  uwsgi_temp_path ${temp('uwsgi')};
  scgi_temp_path ${temp('scgi')};
${routes}
${server}
}
`;
  const confFile = path.join(dir, 'nginx.conf');
  await writeFile(confFile, conf);
  // Its own process group: stopping it stops its workers too, whatever happens to the master.
  const child: ChildProcess = spawn(binary, ['-c', confFile, '-p', dir, '-g', 'daemon off;'], { stdio: ['ignore', 'ignore', 'pipe'], detached: true });
  const signalGroup = (signal: NodeJS.Signals) => {
    try {
      process.kill(-child.pid!, signal);
    } catch {
      /* already gone */
    }
  };
  let stderr = '';
  child.stderr?.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
  const exited = new Promise<number | null>((resolve) => child.once('exit', resolve));
  const url = `http://127.0.0.1:${options.ports.http}`;
  // Any answer will do (https.conf answers plain HTTP with a redirect).
  const answers = () => fetch(`${url}/robots.txt`, { redirect: 'manual' }).then(() => true);
  const up = await Promise.race([waitUntil(answers, 10_000), exited.then(() => false)]);
  if (!up) {
    signalGroup('SIGKILL');
    const log = await readFile(temp('error.log'), 'utf8').catch(() => '');
    await rm(dir, { recursive: true, force: true });
    throw new Error(`nginx did not start:\n${stderr}\n${log}`);
  }
  return {
    url,
    async close() {
      if (child.exitCode === null) {
        // Fast shutdown (SIGTERM): a graceful one would wait for idle keep-alive connections.
        signalGroup('SIGTERM');
        await exited;
      }
      await rm(dir, { recursive: true, force: true });
    },
  };
}
