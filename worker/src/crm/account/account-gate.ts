import type { Db } from '@app/db/client';
import type { Logger } from '@app/runtime/logger';
import { RateLimitedError } from '../../jobs/job-errors';
import type { AccountApi } from './account-api';
import { loadStoredStageMap, saveAccountStatus } from './account-status-repository';
import type { crmAccount } from './crm-account';
import { reconcileAccount, type ReconcileOptions } from './reconcile-account';
import { createStageMap } from './stage-map';

/** The shortest wait before a check HubSpot rate-limited runs again. */
const MIN_RATE_LIMITED_RECHECK_MS = 1_000;

export interface AccountGate {
  stop(): void;
}

/**
 * Checks the HubSpot account once at start, read-only, instead of letting every job fail with a
 * 400: while a property, stage or scope is missing, the crm queue is not consumed (its jobs wait,
 * nothing is lost), the problems are stored for /readyz and logged, and the check runs again
 * every `recheckMs`. When the account is ready, its stage map goes to the jobs and `onReady` runs
 * once. A worker that cannot reach HubSpot at start uses the stage map of the last check that
 * found one (and keeps checking until a check answers).
 *
 * Cost: the first check tries every required scope (one request each, see scope-probes.ts) and
 * asks the token-info endpoint; a recheck tries only the scopes not found yet, plus the reads of
 * properties and pipelines. A found scope is not tried again while this process runs: if it is
 * taken away later, the jobs that need it fail naming it, and the next start reports it.
 *
 * A check HubSpot answers with its burst limit (429: another process, say `crm:setup` just
 * before the worker started, filled the account's 10 seconds) says nothing about the account:
 * it runs again as soon as HubSpot allows, not a whole `recheckMs` later.
 */
export function startAccountGate(deps: {
  api: AccountApi;
  db: Db;
  account: ReturnType<typeof crmAccount>;
  log: Logger;
  pipelines: Pick<ReconcileOptions, 'dealPipelineId' | 'ticketPipelineId'>;
  recheckMs: number;
  onReady: () => Promise<void>;
}): AccountGate {
  const { api, db, account, log } = deps;
  let timer: NodeJS.Timeout | undefined;
  let stopped = false;
  let opened = false;
  let granted: ReadonlySet<string> = new Set();

  const open = async () => {
    if (opened) return;
    opened = true;
    await deps.onReady();
  };

  const check = async (): Promise<void> => {
    let next = deps.recheckMs;
    try {
      const report = await reconcileAccount(api, { apply: false, ...deps.pipelines, knownScopes: granted });
      granted = new Set(report.grantedScopes);
      await saveAccountStatus(db, report);
      if (report.stageMap) account.setStages(createStageMap(report.stageMap));
      if (report.ready) {
        log.info({ warnings: report.items.filter((i) => i.status === 'warning') }, 'HubSpot account ready');
        await open();
        return;
      }
      log.error({ problems: report.problems }, 'HubSpot account is not set up for the product: crm jobs wait (run npm run crm:setup)');
    } catch (error) {
      if (error instanceof RateLimitedError) next = Math.min(deps.recheckMs, Math.max(error.retryAfterMs, MIN_RATE_LIMITED_RECHECK_MS));
      const stored = opened ? null : await loadStoredStageMap(db);
      if (stored) {
        account.setStages(createStageMap(stored));
        log.warn({ err: error }, 'HubSpot account check failed: using the stage map of the last check until it succeeds');
        await open();
      } else if (error instanceof RateLimitedError) {
        // The request budget is spent for a few seconds (`npm run dev` sets up the emulator's
        // account just before the worker starts): expected, and the check runs again once it
        // allows, so no warning and no stack.
        log.info({ retryInMs: next }, 'HubSpot request budget spent: the account check runs again when it allows');
      } else {
        log.warn({ err: error }, opened ? 'HubSpot account check failed: checking again' : 'HubSpot account check failed: crm jobs wait until it succeeds');
      }
    }
    if (!stopped) timer = setTimeout(() => void check(), next);
  };

  void check();
  return {
    stop() {
      stopped = true;
      clearTimeout(timer);
    },
  };
}
