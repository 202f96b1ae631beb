import type { Job } from 'bullmq';
import { afterEach, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { testDatabaseUrl, testRedisUrl, uniqueQueuePrefix } from '../../test/context';
import { hubspotUseNow } from './crm/daily-budget';
import { OUTAGE_PAUSE_MS } from './jobs/dispatch';
import type { JobDefinition } from './jobs/job';
import { DailyLimitError, ProviderUnavailableError } from './jobs/job-errors';
import { createLogger } from '@app/runtime/logger';
import { createQueueBackend, type AnyQueue, type QueueBackend, type QueueBackendKind } from '@app/runtime/queue/connection';
import { trackProviderOutages, type ProviderOutages } from './queue/provider-outages';
import { startWorkers, type WorkerRuntime } from './runtime';

const log = createLogger({ service: 'worker-test', level: 'silent', format: 'json' });

/** A job of this test's own, outside the product's contract. */
const testJob = <S extends z.ZodType>(definition: JobDefinition<S>) => definition;

const seen: number[] = [];
const echo = testJob({
  name: 'test.echo',
  queue: 'crm',
  payloadSchema: z.object({ n: z.number().int() }),
  process: async (payload) => {
    seen.push(payload.n);
    return { doubled: payload.n * 2 };
  },
});

function waitForState(queue: AnyQueue, jobId: string, states: string[], timeoutMs = 15_000): Promise<Job> {
  const deadline = Date.now() + timeoutMs;
  return new Promise((resolve, reject) => {
    const poll = async () => {
      // State first, then the job: a job read before it finished would carry no result yet.
      if (states.includes(await queue.getJobState(jobId))) {
        const job = await queue.getJob(jobId);
        if (job) return resolve(job);
      }
      if (Date.now() > deadline) return reject(new Error(`job ${jobId} never reached ${states.join('/')}`));
      setTimeout(() => void poll(), 50);
    };
    void poll();
  });
}

/** Fails like a provider outage when asked to; records when each run started. */
const starts = new Map<string, number>();
const flaky = testJob({
  name: 'test.flaky',
  queue: 'crm',
  payloadSchema: z.object({ key: z.string(), fail: z.boolean() }),
  process: async ({ key, fail }) => {
    starts.set(key, Date.now());
    if (fail) throw new ProviderUnavailableError('provider: HTTP 503');
    return 'ok';
  },
});

/** Meets HubSpot's spent day on its first run; records the use its requests would count as. */
const uses = new Map<string, string>();
const daily = testJob({
  name: 'crm.push-booking',
  queue: 'crm',
  payloadSchema: z.object({ key: z.string() }),
  process: async ({ key }) => {
    uses.set(key, hubspotUseNow());
    if (!uses.has(`${key}:ran`)) {
      uses.set(`${key}:ran`, 'yes');
      throw new DailyLimitError(Date.now() + 60 * 60_000, "HubSpot's daily limit is spent");
    }
    return 'sent';
  },
});

const BACKENDS: ReadonlyArray<[QueueBackendKind, () => string | undefined]> = [
  ['redis', () => testRedisUrl()],
  ['postgres', () => undefined],
];

describe.each(BACKENDS)('worker runtime on the %s queue backend', (kind, redisUrl) => {
  let backend: QueueBackend;
  let runtime: WorkerRuntime | undefined;
  let queue: AnyQueue | undefined;
  let outages: ProviderOutages;

  afterEach(async () => {
    await queue?.close();
    await runtime?.close();
  });

  async function start(): Promise<AnyQueue> {
    backend = createQueueBackend({ redisUrl: redisUrl(), databaseUrl: testDatabaseUrl(), prefix: uniqueQueuePrefix(kind) });
    expect(backend.kind).toBe(kind);
    outages = trackProviderOutages();
    runtime = await startWorkers({ backend, jobs: [echo, flaky, daily], log, settings: { concurrency: 2 }, outages });
    queue = backend.createQueue('crm');
    return queue;
  }

  it('runs a job whose payload matches its schema', async () => {
    const q = await start();
    await q.add('test.echo', { n: 21 }, { jobId: `echo-${kind}` });
    const job = await waitForState(q, `echo-${kind}`, ['completed']);
    expect(job.returnvalue).toEqual({ doubled: 42 });
    expect(seen).toContain(21);
  });

  it('fails a bad payload once, without retrying', async () => {
    const q = await start();
    await q.add('test.echo', { n: 'not a number' }, { jobId: `bad-${kind}`, attempts: 5, backoff: { type: 'fixed', delay: 10 } });
    const job = await waitForState(q, `bad-${kind}`, ['failed']);
    expect(job.attemptsMade).toBe(1);
    expect(job.failedReason).toContain('Invalid payload for "test.echo": n');
  });

  it('fails an unknown job name without retrying', async () => {
    const q = await start();
    await q.add('no.such.job', {}, { jobId: `unknown-${kind}`, attempts: 5 });
    const job = await waitForState(q, `unknown-${kind}`, ['failed']);
    expect(job.attemptsMade).toBe(1);
    expect(job.failedReason).toBe('Unknown job "no.such.job"');
  });

  it('holds the whole queue for a moment after a provider outage instead of failing every waiting job', async () => {
    const q = await start();
    const recovered: string[] = [];
    outages.onRecovery((name) => recovered.push(name));
    const down = `down-${kind}`;
    const next = `next-${kind}`;
    await q.add('test.flaky', { key: down, fail: true }, { jobId: down, attempts: 1 });
    const failed = await waitForState(q, down, ['failed']);
    expect(failed.failedReason).toBe('provider: HTTP 503');
    // The relay reads this: the queue's new events stay in the outbox.
    expect(outages.downQueues()).toEqual(['crm']);
    await q.add('test.flaky', { key: next, fail: false }, { jobId: next });
    await waitForState(q, next, ['completed']);
    // Started only once the pause that began when the first job failed was over.
    expect(starts.get(next)! - failed.finishedOn!).toBeGreaterThanOrEqual(OUTAGE_PAUSE_MS - 250);
    expect(outages.downQueues()).toEqual([]);
    expect(recovered).toEqual(['crm']);
  });

  it("a job that meets HubSpot's spent day waits for the next one, delayed, without using an attempt, and runs then", async () => {
    const q = await start();
    const key = `daily-${kind}`;
    await q.add('crm.push-booking', { key }, { jobId: key, attempts: 3 });
    const waiting = await waitForState(q, key, ['delayed']);
    expect(waiting.attemptsMade).toBe(0);
    expect(waiting.timestamp + waiting.delay).toBeGreaterThan(Date.now() + 50 * 60_000);
    expect(uses.get(key)).toBe('push'); // counted as what the job is for
    await waiting.promote();
    const done = await waitForState(q, key, ['completed']);
    expect(done.returnvalue).toBe('sent');
    expect(done.attemptsMade).toBe(1);
  });
});
