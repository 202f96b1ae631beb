import { describe, expect, it } from 'vitest';
import { countSegments } from './segments';

describe('countSegments', () => {
  it('fits 160 GSM-7 characters in one segment and splits at 153 after that', () => {
    expect(countSegments('a'.repeat(160))).toBe(1);
    expect(countSegments('a'.repeat(161))).toBe(2);
    expect(countSegments('a'.repeat(306))).toBe(2);
    expect(countSegments('a'.repeat(307))).toBe(3);
  });

  it('counts extension characters twice', () => {
    expect(countSegments('€'.repeat(80))).toBe(1);
    expect(countSegments('€'.repeat(81))).toBe(2);
  });

  it('falls back to UCS-2 (70 / 67) for anything outside GSM-7', () => {
    expect(countSegments('“'.repeat(70))).toBe(1);
    expect(countSegments('“'.repeat(71))).toBe(2);
    // An emoji is a surrogate pair: two UTF-16 code units.
    expect(countSegments('🙂'.repeat(35))).toBe(1);
    expect(countSegments('🙂'.repeat(36))).toBe(2);
  });
});
