import { createHubSpotClient, HUBSPOT_API_BASE } from '../hubspot-client';
import { RateLimitedError } from '../../jobs/job-errors';
import { createHubSpotCall, type HubSpotCall } from '../hubspot-gateway';
import { localRequestBudget, type RequestBudget } from '../request-budget';
import { createAccountApi } from './account-api';
import { reconcileAccount, type AccountReport } from './reconcile-account';
import { checkTable } from '../../check-table';

export interface SetupOptions {
  accessToken: string;
  /** API origin; HubSpot's own when unset. */
  basePath?: string | undefined;
  /** false: only report (`crm:setup --check`). */
  apply: boolean;
  dealPipelineId?: string;
  ticketPipelineId?: string;
  timeoutMs?: number;
  /** Whose request budget setup spends; its own (90 per 10 s) when unset. Callers sharing an account pass theirs. */
  budget?: RequestBudget;
}

/**
 * What `npm run crm:setup` does, callable in-process: `npm run dev`, the tests and the
 * benchmarks set up their blank emulator account exactly as a real account is set up.
 * It keeps to HubSpot's budget on its own (it runs before any worker).
 */
export async function setUpCrmAccount(options: SetupOptions): Promise<AccountReport> {
  const basePath = (options.basePath ?? HUBSPOT_API_BASE).replace(/\/+$/, '');
  const timeoutMs = options.timeoutMs ?? 15_000;
  const client = createHubSpotClient({ accessToken: options.accessToken, basePath, timeoutMs });
  const api = createAccountApi({
    client,
    call: waitingOutRateLimits(createHubSpotCall(options.budget ?? localRequestBudget({ max: 90, windowMs: 10_000 }))),
    accessToken: options.accessToken,
    basePath,
    timeoutMs,
  });
  return reconcileAccount(api, {
    apply: options.apply,
    dealPipelineId: options.dealPipelineId ?? 'default',
    ticketPipelineId: options.ticketPipelineId ?? '0',
  });
}

/** How often setup tries a request HubSpot answered 429 (its 10-second window full) before it reports it failed. */
const RATE_LIMITED_TRIES = 5;

/**
 * Setup runs as a command, not a job: a 429 (another app of the account, or a worker checking the
 * account meanwhile, filled HubSpot's 10-second window) is waited out for as long as HubSpot
 * asks and tried again, rather than reported as a failed item of an account that is fine.
 */
function waitingOutRateLimits(call: HubSpotCall): HubSpotCall {
  return async (what, request, slot) => {
    for (let attempt = 1; ; attempt++) {
      try {
        return await call(what, request, slot);
      } catch (error) {
        if (!(error instanceof RateLimitedError) || attempt >= RATE_LIMITED_TRIES) throw error;
        await new Promise((resolve) => setTimeout(resolve, Math.max(error.retryAfterMs, 1_000)));
      }
    }
  };
}

/** The report as a table for people: one line per item, blocking ones marked. */
export function formatReport(report: AccountReport): string {
  const verdict = report.ready
    ? 'The account has everything the product needs.'
    : `The account is NOT ready: ${report.problems.length} problem(s) above (missing, mismatch, failed).`;
  return checkTable(report.items, verdict);
}
