import { createCipheriv, createDecipheriv, randomBytes } from 'node:crypto';

/**
 * Entry secrets at rest (docs/home-profile.md): AES-256-GCM from node:crypto, a new 96-bit nonce
 * per seal, a 128-bit tag, under keys from HOME_SECRET_KEYS (`id:base64key,…`; the first seals,
 * all open, so a key can be rotated without a moment where stored values do not open).
 *
 * The customer's and the row's ids are the cipher's additional authenticated data: a sealed value
 * copied onto another row or another customer fails to open instead of showing someone else's
 * code. Nothing here logs, and no error carries a key, a plain value or a sealed one.
 */

const ALGORITHM = 'aes-256-gcm';
const KEY_BYTES = 32;
const IV_BYTES = 12;
const TAG_BYTES = 16;
const KEY_ID = /^[A-Za-z0-9_-]{1,32}$/;
/** The format of the additional data; a change of it must change this version. */
const AAD_VERSION = 'home-secret/v1';

export interface SealingKey {
  id: string;
  key: Buffer;
}

/** The keys secrets are sealed and opened with: `current` seals, every one of `keys` opens. */
export interface Keyring {
  current: SealingKey;
  keys: ReadonlyMap<string, Buffer>;
}

export interface Sealed {
  ciphertext: Uint8Array;
  iv: Uint8Array;
  authTag: Uint8Array;
  keyId: string;
}

/** What a sealed value belongs to: it opens only for the same customer and the same row. */
export interface SecretBinding {
  contactId: string;
  secretId: string;
}

export class SealError extends Error {
  constructor(readonly reason: 'unknown_key' | 'does_not_open') {
    super(reason === 'unknown_key' ? 'the secret was sealed under a key that is not in HOME_SECRET_KEYS' : 'the sealed secret does not open (wrong key, changed, or moved to another row)');
    this.name = 'SealError';
  }
}

/**
 * A fixed key for development and tests only, public in this repository: the api refuses it in
 * production (api/src/env.ts), where HOME_SECRET_KEYS is required.
 */
export const DEV_HOME_SECRET_KEYS = 'dev:ZGV2LW9ubHktaG9tZS1zZWNyZXQta2V5LTMyYnl0ZXM=';

/**
 * Parses HOME_SECRET_KEYS: `id:base64,id:base64`, each key exactly 32 bytes, ids unique. Returns
 * the problems instead of throwing, for the env schema to report (never with a key in them).
 */
export function parseKeyring(text: string): { keyring: Keyring } | { problems: string[] } {
  const entries = text.split(',').map((s) => s.trim()).filter(Boolean);
  const problems: string[] = [];
  const keys = new Map<string, Buffer>();
  let current: SealingKey | null = null;
  entries.forEach((entry, index) => {
    const colon = entry.indexOf(':');
    const id = colon > 0 ? entry.slice(0, colon) : '';
    const encoded = colon > 0 ? entry.slice(colon + 1) : '';
    if (!KEY_ID.test(id)) {
      problems.push(`entry ${index + 1} must look like id:base64key (id of letters, digits, - or _, at most 32)`);
      return;
    }
    const key = Buffer.from(encoded, 'base64');
    if (!/^[A-Za-z0-9+/]+={0,2}$/.test(encoded) || key.length !== KEY_BYTES) {
      problems.push(`key ${id} must be ${KEY_BYTES} bytes in base64 (openssl rand -base64 32)`);
      return;
    }
    if (keys.has(id)) {
      problems.push(`key id ${id} appears twice`);
      return;
    }
    keys.set(id, key);
    current ??= { id, key };
  });
  if (entries.length === 0) problems.push('must name at least one key');
  if (problems.length > 0 || !current) return { problems };
  return { keyring: { current, keys } };
}

/** The keyring of a value parseKeyring accepts (development keys, tests); throws otherwise. */
export function keyringOf(text: string): Keyring {
  const parsed = parseKeyring(text);
  if ('problems' in parsed) throw new Error(`HOME_SECRET_KEYS: ${parsed.problems.join('; ')}`);
  return parsed.keyring;
}

function aad({ contactId, secretId }: SecretBinding): Buffer {
  // Lengths first, so no two different bindings give the same bytes.
  return Buffer.from(`${AAD_VERSION}|${contactId.length}:${contactId}|${secretId.length}:${secretId}`, 'utf8');
}

/** Seals `plain` under the keyring's current key, bound to the customer and the row. */
export function seal(keyring: Keyring, plain: string, binding: SecretBinding): Sealed {
  const iv = randomBytes(IV_BYTES);
  const cipher = createCipheriv(ALGORITHM, keyring.current.key, iv, { authTagLength: TAG_BYTES });
  cipher.setAAD(aad(binding));
  const ciphertext = Buffer.concat([cipher.update(plain, 'utf8'), cipher.final()]);
  return { ciphertext, iv, authTag: cipher.getAuthTag(), keyId: keyring.current.id };
}

/** Opens a sealed value; SealError when its key is gone or it was changed, moved or forged. */
export function open(keyring: Keyring, sealed: Sealed, binding: SecretBinding): string {
  const key = keyring.keys.get(sealed.keyId);
  if (!key) throw new SealError('unknown_key');
  if (sealed.iv.length !== IV_BYTES || sealed.authTag.length !== TAG_BYTES) throw new SealError('does_not_open');
  try {
    const decipher = createDecipheriv(ALGORITHM, key, sealed.iv, { authTagLength: TAG_BYTES });
    decipher.setAAD(aad(binding));
    decipher.setAuthTag(sealed.authTag);
    return Buffer.concat([decipher.update(sealed.ciphertext), decipher.final()]).toString('utf8');
  } catch {
    throw new SealError('does_not_open');
  }
}

/** Whether a sealed value should be sealed again under the current key (rotation). */
export function needsReseal(keyring: Keyring, sealed: Pick<Sealed, 'keyId'>): boolean {
  return sealed.keyId !== keyring.current.id;
}
