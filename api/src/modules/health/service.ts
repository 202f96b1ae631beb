export type ReadinessCheck = () => Promise<void>;

export interface Readiness {
  ready: boolean;
  checks: Record<string, { ok: boolean; ms: number; error?: string }>;
}

const CHECK_TIMEOUT_MS = 2_000;

function withTimeout(check: ReadinessCheck): Promise<void> {
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`timed out after ${CHECK_TIMEOUT_MS} ms`)), CHECK_TIMEOUT_MS);
    check().then(resolve, reject).finally(() => clearTimeout(timer));
  });
}

/** Runs every dependency check in parallel; ready only when all pass. */
export async function checkReadiness(checks: Record<string, ReadinessCheck>): Promise<Readiness> {
  const entries = await Promise.all(
    Object.entries(checks).map(async ([name, check]) => {
      const started = performance.now();
      try {
        await withTimeout(check);
        return [name, { ok: true, ms: Math.round(performance.now() - started) }] as const;
      } catch (error) {
        const message = error instanceof Error ? error.message : String(error);
        return [name, { ok: false, ms: Math.round(performance.now() - started), error: message }] as const;
      }
    }),
  );
  return { ready: entries.every(([, r]) => r.ok), checks: Object.fromEntries(entries) };
}
