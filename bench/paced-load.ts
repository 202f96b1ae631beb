import { LoadConnection } from './http-load';

export interface PacedAnswer {
  index: number;
  status: number;
  /** The answer's JSON body, parsed (undefined when it was not JSON or the request failed). */
  body: unknown;
  /** Wall-clock time (epoch ms) the answer was read: comparable with times other processes record. */
  answeredAt: number;
  /** Milliseconds from sending to the answer. */
  latencyMs: number;
}

/**
 * A connection idle this long is closed rather than reused: Node's servers drop keep-alive
 * connections idle for 5 s, and a request written as the server closes would be lost.
 */
const MAX_IDLE_MS = 2_000;

/**
 * Posts `count` bodies at a steady `perSecond`, open loop: request i is sent at start + i/rate
 * whatever the earlier ones are doing (a slow answer does not slow the arrivals, as real
 * visitors would not wait for each other). Requests go out on keep-alive connections, one
 * request in flight on each, the most recently used first; a new one is opened when none is
 * free, up to `connections`, after which the next request waits for one and `late` counts it.
 * Stops by itself after `count` requests.
 */
export async function postPaced(options: {
  url: URL;
  count: number;
  perSecond: number;
  body: (i: number) => string;
  connections?: number;
}): Promise<{ answers: PacedAnswer[]; seconds: number; late: number }> {
  const { url, count, perSecond, body, connections: max = 16 } = options;
  const idle: { connection: LoadConnection; since: number }[] = [];
  const open = new Set<LoadConnection>();
  const freed: (() => void)[] = [];
  const answers: PacedAnswer[] = [];
  const inFlight: Promise<void>[] = [];
  let late = 0;
  const take = (): LoadConnection | undefined => {
    for (let entry = idle.pop(); entry; entry = idle.pop()) {
      if (performance.now() - entry.since < MAX_IDLE_MS) return entry.connection;
      entry.connection.close();
      open.delete(entry.connection);
    }
    if (open.size >= max) return undefined;
    const connection = new LoadConnection(url.hostname, Number(url.port));
    open.add(connection);
    return connection;
  };
  const started = performance.now();
  try {
    for (let i = 0; i < count; i++) {
      const dueIn = started + (i * 1000) / perSecond - performance.now();
      if (dueIn > 0) await new Promise((resolve) => setTimeout(resolve, dueIn));
      let connection = take();
      if (!connection) {
        late++;
        while (!connection) {
          await new Promise<void>((resolve) => freed.push(resolve));
          connection = take();
        }
      }
      const sentAt = performance.now();
      const used = connection;
      inFlight.push(
        used.postForAnswer(url.pathname, body(i)).then(
          (answer) => {
            answers.push({ index: i, status: answer.status, body: parseJson(answer.body), answeredAt: Date.now(), latencyMs: performance.now() - sentAt });
            idle.push({ connection: used, since: performance.now() });
          },
          () => {
            answers.push({ index: i, status: 0, body: undefined, answeredAt: Date.now(), latencyMs: performance.now() - sentAt });
            used.close(); // broken: never reused
            open.delete(used);
          },
        ).finally(() => freed.shift()?.()),
      );
    }
    await Promise.all(inFlight);
  } finally {
    for (const connection of open) connection.close();
  }
  return { answers: answers.sort((a, b) => a.index - b.index), seconds: (performance.now() - started) / 1000, late };
}

function parseJson(body: Buffer): unknown {
  try {
    return JSON.parse(body.toString('utf8'));
  } catch {
    return undefined;
  }
}
