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
  private waiting: { resolve: (status: number) => void; reject: (error: Error) => void } | undefined;
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
    await this.ready;
    if (this.closed) throw this.closed;
    if (this.waiting) throw new Error('one request at a time per connection');
    const head =
      `POST ${path} HTTP/1.1\r\nHost: ${this.host}:${this.port}\r\nContent-Type: application/json\r\n` +
      `Content-Length: ${Buffer.byteLength(body)}\r\n\r\n`;
    return new Promise((resolve, reject) => {
      this.waiting = { resolve, reject };
      this.socket.write(head + body);
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
    this.buffered = this.buffered.subarray(total);
    const waiting = this.waiting;
    this.waiting = undefined;
    waiting?.resolve(status);
  }

  private fail(error: Error): void {
    const waiting = this.waiting;
    this.waiting = undefined;
    waiting?.reject(error);
  }
}

/**
 * Posts `count` bodies with `concurrency` connections, each sending its next request as soon
 * as the previous answer is in. Returns every request's latency in ms and the number of
 * answers that were not `expectedStatus` (or failed).
 */
export async function postMany(options: {
  url: URL;
  count: number;
  concurrency: number;
  body: (i: number) => string;
  expectedStatus: number;
}): Promise<{ latencies: number[]; failures: number }> {
  const { url, count, concurrency, body, expectedStatus } = options;
  const connections = Array.from({ length: concurrency }, () => new LoadConnection(url.hostname, Number(url.port)));
  const latencies: number[] = [];
  let failures = 0;
  let next = 0;
  try {
    await Promise.all(
      connections.map(async (connection) => {
        while (next < count) {
          const payload = body(next++);
          const started = performance.now();
          const status = await connection.post(url.pathname, payload).catch(() => 0);
          latencies.push(performance.now() - started);
          if (status !== expectedStatus) failures++;
        }
      }),
    );
  } finally {
    for (const connection of connections) connection.close();
  }
  return { latencies, failures };
}
