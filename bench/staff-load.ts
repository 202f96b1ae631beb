import { LoadConnection } from './http-load';

/** One request of a signed-in staff member: which figure it counts in, and the status it should get. */
export interface StaffRequest {
  /** Index of the figure (endpoint or action) its latency counts in. */
  kind: number;
  method: 'GET' | 'POST';
  path: string;
  /** JSON, for a POST. */
  body?: string;
  expected: number;
}

export interface StaffRun {
  /** Latencies of the timed requests, per kind, sorted. */
  latencies: number[][];
  /** Timed answers other than the expected status (or no answer). */
  failures: number;
  /** Each unexpected answer as `status code` (the api's error code), with how often it came, timed or not. */
  unexpected: Map<string, number>;
  seconds: number;
}

/**
 * One keep-alive connection per staff member (`cookies`, one session each). Each asks `next`
 * for its next request, sends it, reads the answer, waits `think()` ms, and goes on, until
 * `next` has nothing more for it or `count` timed requests (after `warmup` untimed ones, the
 * first to be sent) are answered in all.
 */
export async function staffLoad(
  port: number,
  cookies: readonly string[],
  options: { kinds: number; warmup: number; count: number; think: () => number; next: (staff: number, i: number) => StaffRequest | undefined },
): Promise<StaffRun> {
  const connections = cookies.map(() => new LoadConnection('127.0.0.1', port));
  const latencies: number[][] = Array.from({ length: options.kinds }, () => []);
  const unexpected = new Map<string, number>();
  let failures = 0;
  let issued = 0;
  let timedFrom = 0;
  let timedUntil = 0;
  try {
    await Promise.all(
      connections.map(async (connection, c) => {
        const headers = [`Cookie: ${cookies[c]}`, 'Accept: application/json'];
        while (issued < options.warmup + options.count) {
          const request = options.next(c, issued);
          if (!request) break;
          const i = issued++;
          const started = performance.now();
          if (i === options.warmup) timedFrom = started;
          const answer = await (request.method === 'GET' ? connection.get(request.path, headers) : connection.postForAnswer(request.path, request.body ?? '{}', headers)).catch(
            () => ({ status: 0, body: Buffer.alloc(0) }),
          );
          const answeredAt = performance.now();
          if (answer.status !== request.expected) {
            const key = `${answer.status || 'no answer'} ${errorCode(answer.body)}`.trim();
            unexpected.set(key, (unexpected.get(key) ?? 0) + 1);
          }
          if (i >= options.warmup) {
            latencies[request.kind]!.push(answeredAt - started);
            if (answer.status !== request.expected) failures++;
            timedUntil = Math.max(timedUntil, answeredAt);
          }
          const pause = options.think();
          if (pause > 0) await new Promise((resolve) => setTimeout(resolve, pause));
        }
      }),
    );
  } finally {
    for (const connection of connections) connection.close();
  }
  return { latencies: latencies.map((l) => l.sort((a, b) => a - b)), failures, unexpected, seconds: (timedUntil - timedFrom) / 1000 };
}

/** The api's error code of an answer (`{ code }`), or nothing when it has none. */
function errorCode(body: Buffer): string {
  try {
    const parsed = JSON.parse(body.toString('utf8')) as { code?: unknown };
    return typeof parsed.code === 'string' ? parsed.code : '';
  } catch {
    return '';
  }
}
