import { describe, expect, it } from 'vitest';
import { API_ENV_KEYS, loadApiEnv } from '../../../api/src/env';
import { WORKER_ENV_KEYS, loadWorkerEnv } from '@app/worker/env';
import { loadCompose, MissingVariables, requiredVariables, startOrder, type ComposeFile } from './compose-file';

const DEV = 'docker-compose.yml';
const PROD = 'compose.prod.yml';
const LONG = 'x'.repeat(40);

/** What compose needs for every service: the parts a container engine would refuse or trip on. */
function expectComplete(file: ComposeFile): void {
  expect(() => startOrder(file)).not.toThrow();
  for (const [name, service] of Object.entries(file.services)) {
    expect(service.image ?? service.build?.target, `${name}: image or build`).toBeTruthy();
    // The app image has no command of its own (the web image's is nginx).
    if (service.build?.target === 'app') expect(service.command?.length, `${name}: command`).toBeGreaterThan(0);
    for (const [dep, { condition }] of Object.entries(service.depends_on ?? {})) {
      const target = file.services[dep];
      expect(target, `${name} depends on ${dep}`).toBeDefined();
      if (condition === 'service_healthy') expect(target?.healthcheck?.test.length, `${dep} needs a healthcheck (${name} waits for it)`).toBeGreaterThan(0);
      if (condition === 'service_completed_successfully') expect(target?.restart, `${dep} runs once`).toBe('no');
    }
  }
}

/** The service's variables are all read by its program (a misspelt one would be silently ignored). */
function expectKnownVariables(environment: Record<string, string> | undefined, known: readonly string[], name: string): void {
  const logging = ['LOG_LEVEL', 'LOG_FORMAT'];
  for (const key of Object.keys(environment ?? {})) expect([...known, ...logging], `${name}: ${key}`).toContain(key);
}

describe('docker-compose.yml (local development)', () => {
  const file = loadCompose(DEV);

  it('needs no .env: no variable to set', () => {
    expect(requiredVariables(DEV)).toEqual([]);
    expect(JSON.stringify(file)).not.toMatch(/\$\{/);
  });

  it('is complete: every dependency exists and can be waited for', () => {
    expectComplete(file);
    expect(Object.keys(file.services).sort()).toEqual(['api', 'hubspot', 'mail', 'oidc', 'postgres', 'redis', 'setup', 'twilio', 'web', 'worker']);
  });

  it('gives the api and the worker an environment they start with, in development', () => {
    const api = file.services.api!.environment!;
    const worker = file.services.worker!.environment!;
    expectKnownVariables(api, API_ENV_KEYS, 'api');
    expectKnownVariables(worker, WORKER_ENV_KEYS, 'worker');
    expect(loadApiEnv(api)).toMatchObject({ NODE_ENV: 'development', TRUST_PROXY_HOPS: 1, PUBLIC_URL: 'http://127.0.0.1:8080' });
    expect(loadWorkerEnv(worker)).toMatchObject({ NODE_ENV: 'development', HUBSPOT_BASE_URL: 'http://hubspot:4010', TWILIO_BASE_URL: 'http://twilio:4020' });
    // Delivery reports: the worker asks Twilio to post them where the api checks their signatures.
    expect(worker.TWILIO_STATUS_CALLBACK_URL).toBe(api.TWILIO_STATUS_CALLBACK_URL);
    for (const service of Object.values(file.services).filter((s) => s.build?.target === 'app')) expect(service.environment?.NODE_ENV).toBe('development');
  });

  it('runs the OpenID provider where the browser and the api both reach its issuer', () => {
    const { oidc, api } = file.services;
    expect(oidc?.network_mode).toBe('service:api');
    expect(api?.ports).toContain('127.0.0.1:4030:4030');
    expect(api?.environment?.OIDC_ISSUER_URL).toBe(oidc?.environment?.OIDC_PROVIDER_PUBLIC_URL);
  });
});

describe('compose.prod.yml', () => {
  const required = requiredVariables(PROD);
  const sample: Record<string, string> = { HOME_SECRET_KEYS: `k1:${Buffer.alloc(32, 7).toString('base64')}`, PUBLIC_URL: 'https://www.example.com', STAFF_EMAIL_DOMAINS: 'example.com', TWILIO_ACCOUNT_SID: `AC${'0'.repeat(32)}`, TWILIO_FROM: '+14045550100', EMAIL_SMTP_URL: 'smtp://apikey:live@smtp.provider.example:587' };
  const values = Object.fromEntries(required.map((key) => [key, sample[key] ?? LONG]));

  it('refuses to start without its secrets, naming each', () => {
    expect(required).toEqual(
      ['COMPANY_CONFIG_FILE', 'EMAIL_SMTP_URL', 'EMAIL_WEBHOOK_SIGNING_KEY', 'HOME_SECRET_KEYS', 'HUBSPOT_ACCESS_TOKEN', 'METRICS_TOKEN', 'OIDC_CLIENT_ID', 'OIDC_CLIENT_SECRET', 'OTP_SECRET', 'POSTGRES_PASSWORD', 'PUBLIC_URL', 'REDIS_PASSWORD', 'SESSION_SECRET', 'STAFF_EMAIL_DOMAINS', 'TLS_CERT_DIR', 'TWILIO_ACCOUNT_SID', 'TWILIO_AUTH_TOKEN', 'TWILIO_FROM'].sort(),
    );
    try {
      loadCompose(PROD, { ...values, OTP_SECRET: undefined, PUBLIC_URL: '' });
      expect.unreachable();
    } catch (error) {
      expect(error).toBeInstanceOf(MissingVariables);
      expect((error as MissingVariables).messages.map((m) => m.split(':')[0]).sort()).toEqual(['OTP_SECRET', 'PUBLIC_URL']);
    }
  });

  it('is complete, with no emulator, production everywhere, restarts and resource limits', () => {
    const file = loadCompose(PROD, values);
    expectComplete(file);
    expect(Object.keys(file.services).sort()).toEqual(['api', 'migrate', 'postgres', 'redis', 'web', 'worker']);
    for (const [name, service] of Object.entries(file.services)) {
      expect(JSON.stringify(service.command ?? []), name).not.toMatch(/emulator|demo/);
      if (service.build?.target === 'app') expect(service.environment?.NODE_ENV, name).toBe('production');
      if (service.restart !== 'no') {
        expect(service.restart, name).toBe('unless-stopped');
        expect(service.deploy?.resources?.limits?.memory, name).toBeTruthy();
      }
    }
    expect(file.services.web?.build?.target).toBe('web-tls');
    expect(file.services.redis?.command?.join(' ')).toContain('--requirepass');
  });

  it('gives the api and the worker an environment they start with, in production', () => {
    const file = loadCompose(PROD, values);
    const api = file.services.api!.environment!;
    const worker = file.services.worker!.environment!;
    expectKnownVariables(api, API_ENV_KEYS, 'api');
    expectKnownVariables(worker, WORKER_ENV_KEYS, 'worker');
    // The app image sets the company file from its build argument (Dockerfile, stage app).
    const image = (service: string) => ({ COMPANY_CONFIG_FILE: file.services[service]!.build!.args!.COMPANY_CONFIG_FILE! });
    expect(image('api')).toEqual(image('worker'));
    expect(loadApiEnv({ ...image('api'), ...api })).toMatchObject({ NODE_ENV: 'production', TRUST_PROXY_HOPS: 1 });
    expect(loadWorkerEnv({ ...image('worker'), ...worker })).toMatchObject({ NODE_ENV: 'production' });
    expect(api.REDIS_URL).toBe(`redis://:${LONG}@redis:6379`);
    expect(worker.TWILIO_STATUS_CALLBACK_URL).toBe(api.TWILIO_STATUS_CALLBACK_URL);
  });
});
