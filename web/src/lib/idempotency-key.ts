/** A random UUID v4; crypto.randomUUID needs a secure context, so plain-HTTP dev hosts get the fallback. */
function uuid(): string {
  if (typeof crypto.randomUUID === 'function') return crypto.randomUUID();
  const bytes = crypto.getRandomValues(new Uint8Array(16));
  bytes[6] = ((bytes[6] ?? 0) & 0x0f) | 0x40;
  bytes[8] = ((bytes[8] ?? 0) & 0x3f) | 0x80;
  const hex = [...bytes].map((b) => b.toString(16).padStart(2, '0')).join('');
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}`;
}

/**
 * One Idempotency-Key per submission attempt: sending the same body again (a retry after a
 * network failure, whose first try may well have been stored) reuses the key, so the server
 * answers with the stored result instead of creating a second request. A changed body is a new
 * attempt and gets a new key (the server refuses a known key with a different body).
 */
export function createIdempotencyKeys(): (body: string) => string {
  let last: { body: string; key: string } | undefined;
  return (body) => {
    if (last?.body !== body) last = { body, key: uuid() };
    return last.key;
  };
}
