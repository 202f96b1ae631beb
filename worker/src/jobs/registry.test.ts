import { describe, expect, it } from 'vitest';
import { JOB_QUEUES } from '../queue/job-routing';
import { createJobs, type JobDeps } from './registry';

describe('job registry', () => {
  it('has exactly one job per routed event type, on the queue the API routes it to', () => {
    const jobs = createJobs({ email: {} } as JobDeps); // definitions only; nothing runs
    expect(Object.fromEntries(jobs.map((j) => [j.name, j.queue]))).toEqual(JOB_QUEUES);
  });
});
