import { describe, expect, it } from 'vitest';
import { createIdempotencyKeys } from './idempotency-key';

const UUID_V4 = /^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/;

describe('createIdempotencyKeys', () => {
  it('keeps one key while the body stays the same (a retry), and takes a new one for a changed body', () => {
    const keyFor = createIdempotencyKeys();
    const first = keyFor('{"a":1}');
    expect(first).toMatch(UUID_V4);
    expect(keyFor('{"a":1}')).toBe(first);
    const second = keyFor('{"a":2}');
    expect(second).not.toBe(first);
    // Going back to the first body is a new attempt too: the server refused or stored the other one.
    expect(keyFor('{"a":1}')).not.toBe(first);
  });

  it('gives each form its own keys', () => {
    expect(createIdempotencyKeys()('{}')).not.toBe(createIdempotencyKeys()('{}'));
  });
});
