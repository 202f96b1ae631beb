/** Prometheus text exposition (format 0.0.4) of the figures operators watch. */
export interface OpsFigures {
  queues: Record<string, Record<string, number>>;
  outbox: { pending: number; oldestAgeSeconds: number };
}

export const JOB_STATES = ['waiting', 'active', 'delayed', 'prioritized', 'failed', 'completed'] as const;

export function renderMetrics(figures: OpsFigures): string {
  const lines = [
    '# HELP queue_jobs Jobs in each queue by state.',
    '# TYPE queue_jobs gauge',
    ...Object.entries(figures.queues).flatMap(([queue, counts]) =>
      JOB_STATES.map((state) => `queue_jobs{queue="${queue}",state="${state}"} ${counts[state] ?? 0}`),
    ),
    '# HELP outbox_pending_events Outbox events committed but not yet handed to the queue.',
    '# TYPE outbox_pending_events gauge',
    `outbox_pending_events ${figures.outbox.pending}`,
    '# HELP outbox_oldest_pending_age_seconds Age of the oldest undispatched outbox event (0 when none).',
    '# TYPE outbox_oldest_pending_age_seconds gauge',
    `outbox_oldest_pending_age_seconds ${figures.outbox.oldestAgeSeconds.toFixed(3)}`,
  ];
  return `${lines.join('\n')}\n`;
}
