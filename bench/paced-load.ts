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
 * Posts `count` bodies at a steady `perSecond`, open loop: request i is sent at start + i/rate
 * whatever the earlier ones are doing (a slow answer does not slow the arrivals, as real
 * visitors would not wait for each other). Requests go out on a small pool of keep-alive
 * connections, one request in flight on each; when every connection is busy the next request
 * waits for one and `late` counts it. Stops by itself after `count` requests.
 */
export async function postPaced(options: {
  url: URL;
  count: number;
  perSecond: number;
  body: (i: number) => string;
  connections?: number;
}): Promise<{ answers: PacedAnswer[]; seconds: number; late: number }> {
  const { url, count, perSecond, body, connections: size = 16 } = options;
  const idle = Array.from({ length: size }, () => new LoadConnection(url.hostname, Number(url.port)));
  const all = [...idle];
  const freed: (() => void)[] = [];
  const answers: PacedAnswer[] = [];
  const inFlight: Promise<void>[] = [];
  let late = 0;
  const started = performance.now();
  try {
    for (let i = 0; i < count; i++) {
      const dueIn = started + (i * 1000) / perSecond - performance.now();
      if (dueIn > 0) await new Promise((resolve) => setTimeout(resolve, dueIn));
      if (idle.length === 0) {
        late++;
        await new Promise<void>((resolve) => freed.push(resolve));
      }
      const connection = idle.pop()!;
      const sentAt = performance.now();
      inFlight.push(
        connection.postForAnswer(url.pathname, body(i)).then(
          (answer) => {
            answers.push({ index: i, status: answer.status, body: parseJson(answer.body), answeredAt: Date.now(), latencyMs: performance.now() - sentAt });
          },
          () => {
            answers.push({ index: i, status: 0, body: undefined, answeredAt: Date.now(), latencyMs: performance.now() - sentAt });
          },
        ).finally(() => {
          idle.push(connection);
          freed.shift()?.();
        }),
      );
    }
    await Promise.all(inFlight);
  } finally {
    for (const connection of all) connection.close();
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
