import type { JobDefinition } from './job';

/**
 * Every job kind the worker runs. The sync pipeline (CRM push and pull, SMS send) adds
 * its jobs here; each lives in its own file under jobs/.
 */
export const JOBS: readonly JobDefinition[] = [];
