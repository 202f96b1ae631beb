import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { freePort, waitUntil } from '../net';
import { REPO_ROOT } from '../repo';
import { startOrder, type ComposeFile, type ComposeService } from './compose-file';
import { startNativeNginx, type NativeNginx } from './native-nginx';

/** The app image's own environment (Dockerfile, stage app), under each service's. */
const APP_IMAGE_ENV = { NODE_ENV: 'production', HOST: '0.0.0.0', PORT: '3000' };
/**
 * Where the app image's services listen inside their containers, and the variable that says so;
 * the first is the service's main port (`ports` of the result).
 */
const LISTEN: Readonly<Record<string, readonly { port: number; variable?: string }[]>> = {
  api: [{ port: 3000, variable: 'PORT' }],
  hubspot: [{ port: 4010, variable: 'HUBSPOT_EMULATOR_PORT' }],
  twilio: [{ port: 4020, variable: 'TWILIO_EMULATOR_PORT' }],
  oidc: [{ port: 4030, variable: 'OIDC_PROVIDER_PORT' }],
  mail: [
    { port: 4040, variable: 'MAIL_EMULATOR_PORT' },
    { port: 4025, variable: 'MAIL_EMULATOR_SMTP_PORT' },
  ],
  web: [{ port: 80 }],
};
const listens = (service: string, port: number) => LISTEN[service]?.some((l) => l.port === port) ?? false;

export interface NativeComposeOptions {
  /** Stands in for the postgres service: a database of this machine's Postgres. */
  databaseUrl: string;
  /** Stands in for the redis service. */
  redisUrl: string;
  /** The built site the web service's nginx serves. */
  webRoot: string;
  nginxBinary: string;
}

export interface NativeCompose {
  /** Where each service listens here (its main port). */
  ports: Readonly<Record<string, number>>;
  /** Where a service's port inside its container is here: localPort('mail', 4025). */
  localPort(service: string, containerPort: number): number | undefined;
  /** The web front (what `127.0.0.1:8080` is under docker compose). */
  url: string;
  /** Every service's output so far, for a failing test's message. */
  output(): string;
  close(): Promise<void>;
}

interface Running {
  name: string;
  child: ChildProcess;
  exited: Promise<number | null>;
}

/**
 * Runs a compose file's services on this machine, no container engine needed: each service of
 * the app image runs its own `command` with exactly its `environment` (over the image's), with
 * container host names and ports mapped to free local ports; the web service runs the web image's
 * nginx configuration with this machine's nginx; postgres and redis are this machine's. Services
 * start in dependency order, and each waits as its `depends_on` says (started, healthy by its
 * own `healthcheck` command, or completed successfully).
 */
export async function startNativeCompose(file: ComposeFile, options: NativeComposeOptions): Promise<NativeCompose> {
  const local = new Map<string, number>();
  for (const [name, listen] of Object.entries(LISTEN)) {
    if (file.services[name]) for (const { port } of listen) local.set(`${name}:${port}`, await freePort());
  }
  const localPort = (service: string, containerPort: number) => local.get(`${service}:${containerPort}`);
  const ports: Record<string, number> = {};
  for (const [name, listen] of Object.entries(LISTEN)) if (file.services[name]) ports[name] = localPort(name, listen[0]!.port)!;
  const dataDir = await mkdtemp(path.join(tmpdir(), 'compose-data-'));
  const running: Running[] = [];
  const healthy = new Set<string>(Object.keys(file.services).filter((name) => file.services[name]!.image));
  let log = '';
  let nginx: NativeNginx | undefined;

  /** The services sharing a service's network namespace (network_mode: service:…), itself included. */
  const netns = (name: string): string[] => {
    const owner = file.services[name]?.network_mode?.replace(/^service:/, '') ?? name;
    return Object.keys(file.services).filter((other) => other === owner || file.services[other]?.network_mode === `service:${owner}`);
  };
  /** Ports published on the host's 127.0.0.1 → the local port of the service listening behind each. */
  const published = new Map<number, number>();
  for (const [name, service] of Object.entries(file.services)) {
    for (const entry of service.ports ?? []) {
      const [, host, container] = /^127\.0\.0\.1:(\d+):(\d+)$/.exec(entry) ?? [];
      const listener = netns(name).find((other) => listens(other, Number(container)));
      const here = listener && localPort(listener, Number(container));
      if (host && here) published.set(Number(host), here);
    }
  }
  /** A value as the service would see it, with this machine's addresses. */
  const localise = (value: string, service: string): string => {
    const out = value
      .replace(/postgresql:\/\/[^@\s]+@postgres:5432\/cleaning/g, options.databaseUrl)
      .replace(/redis:\/\/([^@\s]*@)?redis:6379/g, options.redisUrl)
      .replace(/^\/data\//, `${dataDir}/`)
      .replace(/\/\/([^@/\s]+@)?(127\.0\.0\.1|[a-z][a-z0-9-]*)(?::(\d+))?/g, (match, login: string | undefined, host: string, port: string | undefined) => {
        const wanted = port ? Number(port) : 80;
        // 127.0.0.1 inside a container: a service of its network namespace, else (a URL for the
        // browser) a port published on the host. A service name: that service.
        const listener = host === '127.0.0.1' ? netns(service).find((other) => listens(other, wanted)) : listens(host, wanted) ? host : undefined;
        const here = listener ? localPort(listener, wanted) : host === '127.0.0.1' ? published.get(wanted) : undefined;
        return here ? `//${login ?? ''}127.0.0.1:${here}` : match;
      });
    return out === '0.0.0.0' ? '127.0.0.1' : out;
  };

  const spawnLogged = (name: string, command: string, args: string[], env: NodeJS.ProcessEnv): Running => {
    const child = spawn(command, args, { cwd: REPO_ROOT, env, stdio: ['ignore', 'pipe', 'pipe'], detached: true });
    for (const stream of [child.stdout, child.stderr]) stream?.on('data', (chunk: Buffer) => (log += chunk.toString().replace(/^(?=.)/gm, `[${name}] `)));
    const exited = new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)));
    return { name, child, exited };
  };

  const envOf = (name: string, service: ComposeService): NodeJS.ProcessEnv => {
    const env: NodeJS.ProcessEnv = { PATH: process.env.PATH, HOME: process.env.HOME };
    for (const [key, value] of Object.entries({ ...APP_IMAGE_ENV, ...service.environment })) env[key] = localise(String(value), name);
    for (const { port, variable } of LISTEN[name] ?? []) if (variable) env[variable] = String(localPort(name, port));
    return env;
  };

  const passesHealthcheck = async (name: string, service: ComposeService): Promise<boolean> => {
    const [kind, ...rest] = (service.healthcheck?.test ?? []).map((part) => localise(part, name));
    const [command, args] = kind === 'CMD-SHELL' ? ['sh', ['-c', rest.join(' ')]] : [rest[0]!, rest.slice(1)];
    const check = spawn(command, args, { cwd: REPO_ROOT, stdio: 'ignore' });
    return new Promise((resolve) => {
      check.once('error', () => resolve(false));
      check.once('exit', (code) => resolve(code === 0));
    });
  };

  const close = async () => {
    for (const { child } of running) {
      if (child.exitCode === null && child.pid) {
        try {
          process.kill(-child.pid, 'SIGTERM');
        } catch {
          /* already gone */
        }
      }
    }
    const killer = setTimeout(() => {
      for (const { child } of running) if (child.exitCode === null && child.pid) process.kill(-child.pid, 'SIGKILL');
    }, 15_000);
    await Promise.all(running.map((r) => r.exited));
    clearTimeout(killer);
    await nginx?.close();
    await rm(dataDir, { recursive: true, force: true });
  };

  try {
    for (const name of startOrder(file)) {
      const service = file.services[name]!;
      if (service.image) continue;
      for (const [dep, { condition }] of Object.entries(service.depends_on ?? {})) {
        if (condition === 'service_completed_successfully') {
          const code = await running.find((r) => r.name === dep)?.exited;
          if (code !== 0) throw new Error(`${dep} ended with exit code ${code} (${name} waits for its success)`);
        } else if (condition === 'service_healthy' && !healthy.has(dep)) {
          throw new Error(`${dep} is not healthy (${name} waits for it)`);
        }
      }
      if (service.build?.target === 'web') {
        nginx = await startNativeNginx(options.nginxBinary, {
          webRoot: options.webRoot,
          apiOrigin: `http://127.0.0.1:${ports.api}`,
          server: 'http.conf',
          ports: { http: ports[name]! },
        });
      } else {
        const [command, ...args] = service.command!;
        running.push(spawnLogged(name, command!, args, envOf(name, service)));
      }
      if (service.healthcheck) {
        const me = running.find((r) => r.name === name);
        const ok = await waitUntil(async () => (me?.child.exitCode ?? null) === null && (await passesHealthcheck(name, service)), 120_000, 500);
        if (!ok) throw new Error(`${name} did not become healthy`);
        healthy.add(name);
      }
    }
  } catch (error) {
    await close();
    throw new Error(`${error instanceof Error ? error.message : String(error)}\n--- output ---\n${log}`, { cause: error });
  }

  return { ports, localPort, url: `http://127.0.0.1:${ports.web}`, output: () => log, close };
}
