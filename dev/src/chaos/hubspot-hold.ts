import { Agent, createServer, request, type IncomingHttpHeaders, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';

/**
 * A pass-through in front of the HubSpot emulator for the worker chaos starts (dev's own worker
 * talks to the emulator directly). Told to hold, it still forwards every call, but keeps
 * HubSpot's answers to batch pushes from the worker: HubSpot has made the records, the worker
 * does not know yet. That is the moment chaos kills the worker ("in the middle of a batch push"), and it
 * knows the moment came because the answer is here, waiting.
 */
export interface HubSpotHold {
  url: string;
  /** From now, answers to batch pushes are held. */
  hold(): void;
  /** Resolves with the held call ("POST /crm/v3/objects/deals/batch/create") once there is one. */
  held(): Promise<string>;
  /** Drops the held answers (their worker is gone) and lets everything through again. */
  release(): void;
  close(): Promise<void>;
}

/** A batch push: records created, updated or upserted in one call (not the account's properties, which the worker may set up when it starts). */
export function isBatchPush(method: string, url: string): boolean {
  const path = url.split('?')[0] ?? '';
  return method === 'POST' && /^\/crm\/v\d+\/objects\/[^/]+\/batch\/(create|update|upsert)\/?$/.test(path);
}

const HOP_BY_HOP = ['connection', 'keep-alive', 'transfer-encoding', 'content-length'];
const without = (headers: IncomingHttpHeaders, names: readonly string[]) =>
  Object.fromEntries(Object.entries(headers).filter(([name]) => !names.includes(name.toLowerCase())));

export async function startHubSpotHold(hubspotUrl: string): Promise<HubSpotHold> {
  const upstream = new URL(hubspotUrl);
  const agent = new Agent({ keepAlive: true });
  let holding = false;
  const heldAnswers: ServerResponse[] = [];
  let firstHeld: ((call: string) => void) | undefined;
  let heldCall = new Promise<string>((resolve) => (firstHeld = resolve));

  const server = createServer((req, res) => {
    const body: Buffer[] = [];
    req.on('data', (chunk: Buffer) => body.push(chunk));
    req.on('end', () => {
      const payload = Buffer.concat(body);
      const forward = request(
        {
          host: upstream.hostname,
          port: upstream.port,
          method: req.method,
          path: req.url,
          agent,
          headers: { ...without(req.headers, HOP_BY_HOP), host: upstream.host, 'content-length': payload.length },
        },
        (answer) => {
          const chunks: Buffer[] = [];
          answer.on('data', (chunk: Buffer) => chunks.push(chunk));
          answer.on('end', () => {
            const data = Buffer.concat(chunks);
            const call = `${req.method} ${req.url?.split('?')[0]}`;
            if (holding && isBatchPush(req.method ?? 'GET', req.url ?? '')) {
              heldAnswers.push(res);
              firstHeld?.(call);
              return;
            }
            res.writeHead(answer.statusCode ?? 502, { ...without(answer.headers, HOP_BY_HOP), 'content-length': data.length });
            res.end(data);
          });
        },
      );
      forward.on('error', () => res.destroy());
      forward.end(payload);
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;

  return {
    url: `http://127.0.0.1:${port}`,
    hold() {
      holding = true;
    },
    held: () => heldCall,
    release() {
      holding = false;
      for (const res of heldAnswers.splice(0)) res.destroy();
      heldCall = new Promise<string>((resolve) => (firstHeld = resolve));
    },
    async close() {
      for (const res of heldAnswers.splice(0)) res.destroy();
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
      agent.destroy();
    },
  };
}
