import { request } from 'node:http';

/** An answer of the api: status 0 when none came (connection refused, dropped or timed out). */
export interface Answer {
  status: number;
  /** The error code of a `{ error, code }` body. */
  code: string | undefined;
  retryAfter: string | undefined;
  body: unknown;
}

const TIMEOUT_MS = 15_000;

/**
 * A customer's HTTP client: JSON to the api, cookies kept (the portal session), every
 * connection from the customer's own loopback address. node:http rather than fetch, because
 * fetch cannot choose the local address.
 */
export class CustomerClient {
  private readonly cookies = new Map<string, string>();

  constructor(
    private readonly origin: URL,
    private readonly localAddress: string,
  ) {}

  post(path: string, body: unknown, headers: Record<string, string> = {}): Promise<Answer> {
    return this.send('POST', path, JSON.stringify(body), headers);
  }

  get(path: string): Promise<Answer> {
    return this.send('GET', path, undefined, {});
  }

  private send(method: string, path: string, body: string | undefined, headers: Record<string, string>): Promise<Answer> {
    const cookie = [...this.cookies].map(([name, value]) => `${name}=${value}`).join('; ');
    return new Promise((resolve) => {
      const noAnswer = () => resolve({ status: 0, code: undefined, retryAfter: undefined, body: undefined });
      const req = request(
        {
          host: this.origin.hostname,
          port: this.origin.port,
          path,
          method,
          localAddress: this.localAddress,
          agent: false,
          timeout: TIMEOUT_MS,
          headers: {
            accept: 'application/json',
            ...(body === undefined ? {} : { 'content-type': 'application/json', 'content-length': Buffer.byteLength(body) }),
            ...(cookie ? { cookie } : {}),
            ...headers,
          },
        },
        (res) => {
          const chunks: Buffer[] = [];
          res.on('data', (chunk: Buffer) => chunks.push(chunk));
          res.on('error', noAnswer);
          res.on('end', () => {
            this.keepCookies(res.headers['set-cookie'] ?? []);
            const text = Buffer.concat(chunks).toString('utf8');
            let json: unknown;
            try {
              json = text ? JSON.parse(text) : undefined;
            } catch {
              json = undefined;
            }
            const code = typeof json === 'object' && json !== null && 'code' in json ? String((json as { code: unknown }).code) : undefined;
            const retryAfter = res.headers['retry-after'];
            resolve({ status: res.statusCode ?? 0, code, retryAfter: Array.isArray(retryAfter) ? retryAfter[0] : retryAfter, body: json });
          });
        },
      );
      req.on('timeout', () => req.destroy());
      req.on('error', noAnswer);
      req.end(body);
    });
  }

  private keepCookies(lines: readonly string[]): void {
    for (const line of lines) {
      const [pair = '', ...attributes] = line.split(';');
      const at = pair.indexOf('=');
      if (at <= 0) continue;
      const name = pair.slice(0, at).trim();
      const value = pair.slice(at + 1).trim();
      const expired = attributes.some((a) => /^\s*expires=/i.test(a) && Date.parse(a.split('=').slice(1).join('=')) < Date.now());
      if (value === '' || expired) this.cookies.delete(name);
      else this.cookies.set(name, value);
    }
  }
}
