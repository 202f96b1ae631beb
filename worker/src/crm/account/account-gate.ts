import type { Db } from '@app/db/client';
import type { Logger } from '@app/runtime/logger';
import { OUTAGE_PAUSE_MS } from '../../jobs/dispatch';
import { ProviderUnavailableError, RateLimitedError } from '../../jobs/job-errors';
import type { AccountApi } from './account-api';
import { loadStoredStageMap, saveAccountStatus } from './account-status-repository';
import type { crmAccount } from './crm-account';
import { reconcileAccount, type ReconcileOptions } from './reconcile-account';
import { createStageMap } from './stage-map';

/** The shortest wait before a check HubSpot rate-limited runs again. */
const MIN_RATE_LIMITED_RECHECK_MS = 1_000;

/**
 * The longest wait between checks while HubSpot is down (a check that meets the outage stops at
 * its first request, so a day-long outage costs at most one request this often).
 */
export const OUTAGE_RECHECK_CAP_MS = 30_000;

/**
 * How long after a check that did not get its answer the next one runs; `outagesInARow` counts
 * the checks in a row that met a HubSpot outage, this one included. An outage (5xx, timeout,
 * refused connection) says nothing about the account: the next check comes OUTAGE_PAUSE_MS later,
 * as the queues' outage probes do, doubling while HubSpot stays down up to OUTAGE_RECHECK_CAP_MS,
 * so the crm queue opens within seconds of a short outage's end. A 429 waits what HubSpot asks.
 * Anything else (a check that answered "not ready" schedules itself) waits `recheckMs`. Never
 * longer than `recheckMs`.
 */
export function delayBeforeNextCheck(error: unknown, outagesInARow: number, recheckMs: number): number {
  if (error instanceof RateLimitedError) return Math.min(recheckMs, Math.max(error.retryAfterMs, MIN_RATE_LIMITED_RECHECK_MS));
  if (error instanceof ProviderUnavailableError) {
    const doubled = OUTAGE_PAUSE_MS * 2 ** Math.min(Math.max(0, outagesInARow - 1), 20);
    return Math.min(recheckMs, OUTAGE_RECHECK_CAP_MS, doubled);
  }
  return recheckMs;
}

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
 * it runs again as soon as HubSpot allows, not a whole `recheckMs` later. Nor does a check that
 * met an outage: it runs again a few seconds later (see delayBeforeNextCheck). A worker that
 * started during an outage with no stored stage map (a new database) otherwise held its crm
 * queue for up to a whole `recheckMs` after HubSpot answered again.
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
  let outagesInARow = 0;

  const open = async () => {
    if (opened) return;
    opened = true;
    await deps.onReady();
  };

  const check = async (): Promise<void> => {
    let next = deps.recheckMs;
    try {
      const report = await reconcileAccount(api, { apply: false, ...deps.pipelines, knownScopes: granted });
      outagesInARow = 0;
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
      outagesInARow = error instanceof ProviderUnavailableError ? outagesInARow + 1 : 0;
      next = delayBeforeNextCheck(error, outagesInARow, deps.recheckMs);
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
        log.warn({ err: error, retryInMs: next }, opened ? 'HubSpot account check failed: checking again' : 'HubSpot account check failed: crm jobs wait until it succeeds');
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
