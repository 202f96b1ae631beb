import { randomBytes } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { DEV_HOME_SECRET_KEYS, SealError, keyringOf, needsReseal, open, parseKeyring, seal } from './sealing';

const k = () => randomBytes(32).toString('base64');
const K1 = k();
const K2 = k();
const BINDING = { contactId: 'contact-a', secretId: '7d444840-9dc0-11d1-b245-5ffdce74fad2' };
const CODE = '4417#';

describe('sealing entry secrets', () => {
  it('opens what it sealed, and the sealed bytes do not contain the value', () => {
    const keyring = keyringOf(`k1:${K1}`);
    const sealed = seal(keyring, CODE, BINDING);
    expect(sealed.keyId).toBe('k1');
    expect(sealed.iv).toHaveLength(12);
    expect(sealed.authTag).toHaveLength(16);
    expect(Buffer.from(sealed.ciphertext).toString('utf8')).not.toContain(CODE);
    expect(open(keyring, sealed, BINDING)).toBe(CODE);
    // A new nonce every time: the same code never seals to the same bytes.
    expect(Buffer.from(seal(keyring, CODE, BINDING).ciphertext).equals(Buffer.from(sealed.ciphertext))).toBe(false);
  });

  it('keeps any text exactly, accents and symbols included', () => {
    const keyring = keyringOf(`k1:${K1}`);
    for (const value of ['0000', ' gate: 12*34 ', 'Señal ✓ 9']) expect(open(keyring, seal(keyring, value, BINDING), BINDING)).toBe(value);
  });

  it('refuses a key id it does not have', () => {
    const sealed = seal(keyringOf(`k2:${K2}`), CODE, BINDING);
    expect(() => open(keyringOf(`k1:${K1}`), sealed, BINDING)).toThrow(SealError);
    expect(() => open(keyringOf(`k1:${K1}`), sealed, BINDING)).toThrow(/not in HOME_SECRET_KEYS/);
  });

  it('refuses a value sealed under another key that claims a known key id', () => {
    const sealed = seal(keyringOf(`k1:${K2}`), CODE, BINDING);
    expect(() => open(keyringOf(`k1:${K1}`), sealed, BINDING)).toThrow(/does not open/);
  });

  it('refuses a tampered tag, ciphertext or nonce', () => {
    const keyring = keyringOf(`k1:${K1}`);
    const sealed = seal(keyring, CODE, BINDING);
    const flip = (bytes: Uint8Array) => {
      const copy = Buffer.from(bytes);
      copy[0] = copy[0]! ^ 0x01;
      return copy;
    };
    expect(() => open(keyring, { ...sealed, authTag: flip(sealed.authTag) }, BINDING)).toThrow(SealError);
    expect(() => open(keyring, { ...sealed, ciphertext: flip(sealed.ciphertext) }, BINDING)).toThrow(SealError);
    expect(() => open(keyring, { ...sealed, iv: flip(sealed.iv) }, BINDING)).toThrow(SealError);
    expect(() => open(keyring, { ...sealed, authTag: Buffer.from(sealed.authTag).subarray(0, 12) }, BINDING)).toThrow(SealError);
  });

  it('does not open for another customer or another row (additional authenticated data)', () => {
    const keyring = keyringOf(`k1:${K1}`);
    const sealed = seal(keyring, CODE, BINDING);
    expect(() => open(keyring, sealed, { ...BINDING, contactId: 'contact-b' })).toThrow(/does not open/);
    expect(() => open(keyring, sealed, { ...BINDING, secretId: '00000000-0000-0000-0000-000000000000' })).toThrow(/does not open/);
    // The two ids cannot trade characters to make the same additional data.
    expect(() => open(keyring, seal(keyring, CODE, { contactId: 'ab', secretId: 'c' }), { contactId: 'a', secretId: 'bc' })).toThrow(SealError);
  });

  it('rotates: the first key seals, older keys still open, and what an old key sealed asks to be sealed again', () => {
    const old = keyringOf(`k1:${K1}`);
    const sealedBefore = seal(old, CODE, BINDING);
    const rotated = keyringOf(`k2:${K2},k1:${K1}`);
    expect(rotated.current.id).toBe('k2');
    expect(open(rotated, sealedBefore, BINDING)).toBe(CODE);
    expect(needsReseal(rotated, sealedBefore)).toBe(true);
    const resealed = seal(rotated, open(rotated, sealedBefore, BINDING), BINDING);
    expect(resealed.keyId).toBe('k2');
    expect(needsReseal(rotated, resealed)).toBe(false);
    // Once k1 is dropped, only the re-sealed value opens.
    const afterRetirement = keyringOf(`k2:${K2}`);
    expect(open(afterRetirement, resealed, BINDING)).toBe(CODE);
    expect(() => open(afterRetirement, sealedBefore, BINDING)).toThrow(/not in HOME_SECRET_KEYS/);
  });

  it('parses HOME_SECRET_KEYS strictly, never repeating a key in its problems', () => {
    expect(parseKeyring(DEV_HOME_SECRET_KEYS)).toHaveProperty('keyring');
    const short = randomBytes(16).toString('base64');
    const result = parseKeyring(`k1:${short}, :${K1}, k1:${K1}, k1:${K2}, bad id:${K1}`);
    expect(result).toEqual({
      problems: [
        'key k1 must be 32 bytes in base64 (openssl rand -base64 32)',
        'entry 2 must look like id:base64key (id of letters, digits, - or _, at most 32)',
        'key id k1 appears twice',
        'entry 5 must look like id:base64key (id of letters, digits, - or _, at most 32)',
      ],
    });
    expect(JSON.stringify(result)).not.toContain(K2);
    expect(parseKeyring(' , ')).toEqual({ problems: ['must name at least one key'] });
    expect(parseKeyring(`k1:${K1.replace(/=+$/, '')}!`)).toHaveProperty('problems');
  });
});
