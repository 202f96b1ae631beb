import type { Context } from 'koa';

/**
 * The address of the client, for per-client limits.
 *
 * Any client can write X-Forwarded-For: a limit keyed on its first entry is bypassed by sending
 * a new header each time. So we read the socket address, and look into X-Forwarded-For only as
 * far as we were told proxies sit in front of us (`trustedProxyHops`, which createApp also gives
 * Koa, so `ctx.ip` agrees): each trusted proxy appends the
 * address it received the request from, so the client is the entry `hops` places from the
 * right of [...X-Forwarded-For, socket address]. Anything further left was written by the
 * client and is ignored.
 */
export function clientIp(ctx: Context, trustedProxyHops: number): string {
  const socketAddress = normalize(ctx.req.socket.remoteAddress ?? 'unknown');
  if (trustedProxyHops <= 0) return socketAddress;
  const forwarded = ctx
    .get('x-forwarded-for')
    .split(',')
    .map((part) => part.trim())
    .filter(Boolean);
  const chain = [...forwarded, socketAddress];
  const index = Math.max(0, chain.length - 1 - trustedProxyHops);
  return normalize(chain[index] ?? socketAddress);
}

/** '::ffff:127.0.0.1' and '127.0.0.1' are one client. */
function normalize(address: string): string {
  return address.startsWith('::ffff:') && address.includes('.') ? address.slice('::ffff:'.length) : address;
}
