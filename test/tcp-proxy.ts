import net from 'node:net';

export interface TcpProxy {
  port: number;
  /**
   * Drops every open connection (both sides) and refuses new ones until `restore()`: to its
   * clients the server behind it looks like one that restarted and is not back yet.
   */
  cut(): void;
  /**
   * Cuts as soon as a client has sent bytes that `match` (say a statement's name) and they have
   * gone on to the server: the server got the statement, its client will never hear the answer.
   */
  cutAfter(match: (chunk: Buffer) => boolean): Promise<void>;
  restore(): void;
  close(): Promise<void>;
}

/**
 * A TCP forwarder on a free port of 127.0.0.1 to `target`, which tests put between a process
 * and Postgres to take the database away from that process alone: the shared server, which
 * other test files are using meanwhile, is never touched.
 */
export async function startTcpProxy(target: { host: string; port: number }): Promise<TcpProxy> {
  const open = new Set<net.Socket>();
  let refusing = false;
  let trigger: { match: (chunk: Buffer) => boolean; fired: () => void } | undefined;

  const track = (socket: net.Socket) => {
    open.add(socket);
    socket.once('close', () => open.delete(socket));
    // A reset from either side is expected here; the pair is torn down below.
    socket.on('error', () => {});
  };
  const cut = () => {
    refusing = true;
    for (const socket of open) socket.destroy();
  };

  const server = net.createServer((client) => {
    track(client);
    // While cut, a connection is accepted and dropped at once: the client sees it end before
    // the server's greeting, as it would from a server that is starting or shutting down.
    if (refusing) {
      client.destroy();
      return;
    }
    const upstream = net.connect(target);
    track(upstream);
    client.on('data', (chunk) => {
      const armed = trigger;
      if (!armed?.match(chunk)) {
        upstream.write(chunk);
        return;
      }
      trigger = undefined;
      // Cut once the bytes are with the kernel, so the server does receive them.
      upstream.write(chunk, () => {
        cut();
        armed.fired();
      });
    });
    upstream.pipe(client);
    client.once('close', () => upstream.destroy());
    upstream.once('close', () => client.destroy());
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(0, '127.0.0.1', resolve);
  });

  return {
    port: (server.address() as net.AddressInfo).port,
    cut,
    cutAfter: (match) => new Promise((fired) => (trigger = { match, fired })),
    restore() {
      refusing = false;
    },
    close() {
      trigger = undefined;
      for (const socket of open) socket.destroy();
      return new Promise((resolve) => server.close(() => resolve()));
    },
  };
}
