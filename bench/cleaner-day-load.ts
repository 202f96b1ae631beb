import { LoadConnection } from './http-load';

export interface CleanerPolling {
  /** Stops polling after the polls in flight; the latencies of every poll's requests, sorted, and the failures. */
  stop: () => Promise<{ latencies: number[]; failures: number; requests: number }>;
}

/**
 * One untimed poll of each cleaner's day before the timed ones, as the office's endpoints get
 * their warm-up requests: the first request of a query's shape pays for compiling it (Prisma's
 * query compiler), once per api process, not a cost of polling.
 */
export async function warmCleanerDays(port: number, cookies: readonly string[], dates: readonly string[]): Promise<void> {
  for (const cookie of cookies) {
    const connection = new LoadConnection('127.0.0.1', port);
    try {
      for (const date of dates) await connection.get(`/api/cleaner/day?date=${date}`, [`Cookie: ${cookie}`, 'Accept: application/json']);
    } finally {
      connection.close();
    }
  }
}

/**
 * Cleaners with My day open (bench:staff): each on a connection of their own per poll asks for
 * each of `dates` (today and tomorrow, as the page's two lists do) every `intervalMs`, the first
 * time at a random moment within the interval, so their polls spread as phones' would. Runs
 * alongside the office's load until stopped.
 */
export function pollCleanerDays(port: number, cookies: readonly string[], options: { dates: readonly string[]; intervalMs: number }): CleanerPolling {
  const latencies: number[] = [];
  let failures = 0;
  let stopped = false;
  let wake: Array<() => void> = [];
  const sleep = (ms: number) =>
    new Promise<void>((resolve) => {
      const timer = setTimeout(resolve, ms);
      wake.push(() => {
        clearTimeout(timer);
        resolve();
      });
    });

  const cleaners = cookies.map(async (cookie) => {
    const headers = [`Cookie: ${cookie}`, 'Accept: application/json'];
    await sleep(Math.random() * options.intervalMs);
    while (!stopped) {
      const started = performance.now();
      // A connection per poll, as a phone's: the server closes an idle keep-alive connection after
      // 5 s, so one kept between polls 15 s apart would fail every request after the first poll.
      const connection = new LoadConnection('127.0.0.1', port);
      try {
        for (const date of options.dates) {
          const sent = performance.now();
          const answer = await connection.get(`/api/cleaner/day?date=${date}`, headers).catch(() => ({ status: 0, body: Buffer.alloc(0) }));
          latencies.push(performance.now() - sent);
          if (answer.status !== 200) failures++;
        }
      } finally {
        connection.close();
      }
      if (!stopped) await sleep(Math.max(0, options.intervalMs - (performance.now() - started)));
    }
  });

  return {
    stop: async () => {
      stopped = true;
      for (const w of wake) w();
      wake = [];
      await Promise.all(cleaners);
      return { latencies: latencies.sort((a, b) => a - b), failures, requests: latencies.length };
    },
  };
}
