import type { MirrorFigures } from './repository';

/**
 * Prometheus text exposition (format 0.0.4) of the figures operators watch. A failed job of any
 * kind (a CRM pull or sweep included) counts in queue_jobs{state="failed"}; the queue dashboard
 * shows its reason.
 */
export interface OpsFigures {
  queues: Record<string, Record<string, number>>;
  outbox: { pending: number; oldestAgeSeconds: number };
  mirror?: MirrorFigures;
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
    ...(figures.mirror
      ? [
          '# HELP crm_mirror_archived_records Mirror rows hidden because their HubSpot record was deleted (crm.sweep).',
          '# TYPE crm_mirror_archived_records gauge',
          `crm_mirror_archived_records{table="deal"} ${figures.mirror.archived.deal}`,
          `crm_mirror_archived_records{table="ticket"} ${figures.mirror.archived.ticket}`,
          '# HELP crm_inactive_owners HubSpot owners archived there (deactivated users): not offered for assignment.',
          '# TYPE crm_inactive_owners gauge',
          `crm_inactive_owners ${figures.mirror.inactiveOwners}`,
        ]
      : []),
  ];
  return `${lines.join('\n')}\n`;
}
