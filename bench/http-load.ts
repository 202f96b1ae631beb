import net from 'node:net';

/**
 * A deliberately small HTTP/1.1 load client: one keep-alive socket per concurrent client, one
 * request in flight on each, responses read by Content-Length. It does a fraction of the work
 * of node:http or fetch, so the load generator (which shares the machine's cores with the API,
 * the worker and Postgres) takes as little CPU as possible away from what is measured.
 * It understands only what our API answers: a status line, headers and a Content-Length body.
 */
export class LoadConnection {
  private readonly socket: net.Socket;
  private buffered: Buffer = Buffer.alloc(0);
  private waiting: { resolve: (answer: { status: number; body: Buffer }) => void; reject: (error: Error) => void } | undefined;
  private closed: Error | undefined;
  private readonly ready: Promise<void>;

  constructor(private readonly host: string, private readonly port: number) {
    this.socket = net.connect({ host, port, noDelay: true });
    this.ready = new Promise((resolve, reject) => {
      this.socket.once('connect', resolve);
      this.socket.once('error', reject);
    });
    this.socket.on('data', (chunk: Buffer) => this.onData(chunk));
    this.socket.on('error', (error) => this.fail(error));
    this.socket.on('close', () => this.fail((this.closed ??= new Error('connection closed'))));
  }

  /** Sends one POST with a JSON body; resolves with the status code once the whole answer is read. */
  async post(path: string, body: string): Promise<number> {
    return (await this.postForAnswer(path, body)).status;
  }

  /** Like post, also with the answer's body (for callers that need what the API created), and these extra header lines ('Cookie: …'). */
  async postForAnswer(path: string, body: string, headerLines: readonly string[] = []): Promise<{ status: number; body: Buffer }> {
    return this.send(
      `POST ${path} HTTP/1.1\r\nHost: ${this.host}:${this.port}\r\n${headerLines.map((line) => `${line}\r\n`).join('')}Content-Type: application/json\r\nContent-Length: ${Buffer.byteLength(body)}\r\n\r\n${body}`,
    );
  }

  /** Sends one GET with these extra header lines ('Cookie: …'); resolves with the status and body. */
  async get(path: string, headerLines: readonly string[] = []): Promise<{ status: number; body: Buffer }> {
    return this.send(`GET ${path} HTTP/1.1\r\nHost: ${this.host}:${this.port}\r\n${headerLines.map((line) => `${line}\r\n`).join('')}\r\n`);
  }

  private async send(request: string): Promise<{ status: number; body: Buffer }> {
    await this.ready;
    if (this.closed) throw this.closed;
    if (this.waiting) throw new Error('one request at a time per connection');
    return new Promise((resolve, reject) => {
      this.waiting = { resolve, reject };
      this.socket.write(request);
    });
  }

  close(): void {
    this.closed ??= new Error('connection closed');
    this.socket.destroy();
  }

  private onData(chunk: Buffer): void {
    this.buffered = this.buffered.length === 0 ? chunk : Buffer.concat([this.buffered, chunk]);
    const headerEnd = this.buffered.indexOf('\r\n\r\n');
    if (headerEnd < 0) return;
    const head = this.buffered.toString('latin1', 0, headerEnd);
    const length = /\r\ncontent-length:\s*(\d+)/i.exec(head);
    if (!length) return this.fail(new Error(`answer without Content-Length: ${head.split('\r\n')[0]}`));
    const total = headerEnd + 4 + Number(length[1]);
    if (this.buffered.length < total) return;
    const status = Number(head.slice(9, 12));
    const body = this.buffered.subarray(headerEnd + 4, total);
    this.buffered = this.buffered.subarray(total);
    const waiting = this.waiting;
    this.waiting = undefined;
    waiting?.resolve({ status, body });
  }

  private fail(error: Error): void {
    const waiting = this.waiting;
    this.waiting = undefined;
    waiting?.reject(error);
  }
}

/**
 * Posts `warmup + count` bodies (body(0) first) over `concurrency` keep-alive connections, each
 * sending its next request as soon as the previous answer is in. The first `warmup` requests
 * are not timed, and the timed ones follow them on the same connections without a pause, so
 * the figures are those of a server under steady load: no connection set-up, no first wave of
 * requests arriving all at once. Returns each timed request's latency in ms, the seconds from
 * the first timed request to the last timed answer, and the number of timed and of untimed
 * answers that were not `expectedStatus` (or failed). `onTimedStart` runs just before the first timed
 * request is sent (to take a measurement there; keep it quick, the load waits for it).
 */
export async function postMany(options: {
  url: URL;
  count: number;
  warmup?: number;
  concurrency: number;
  body: (i: number) => string;
  expectedStatus: number;
  onTimedStart?: () => void;
}): Promise<{ latencies: number[]; seconds: number; failures: number; untimedFailures: number }> {
  const { url, count, warmup = 0, concurrency, body, expectedStatus, onTimedStart } = options;
  const connections = Array.from({ length: concurrency }, () => new LoadConnection(url.hostname, Number(url.port)));
  const total = warmup + count;
  const latencies: number[] = [];
  let failures = 0;
  let untimedFailures = 0;
  let next = 0;
  let timedFrom = 0;
  let timedUntil = 0;
  try {
    await Promise.all(
      connections.map(async (connection) => {
        while (next < total) {
          const i = next++;
          if (i === warmup) onTimedStart?.();
          const payload = body(i);
          const started = performance.now();
          if (i === warmup) timedFrom = started;
          const status = await connection.post(url.pathname, payload).catch(() => 0);
          if (i < warmup) {
            if (status !== expectedStatus) untimedFailures++;
            continue;
          }
          if (status !== expectedStatus) failures++;
          timedUntil = performance.now();
          latencies.push(timedUntil - started);
        }
      }),
    );
  } finally {
    for (const connection of connections) connection.close();
  }
  return { latencies, seconds: (timedUntil - timedFrom) / 1000, failures, untimedFailures };
}
