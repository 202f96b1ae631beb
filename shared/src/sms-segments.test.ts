import { describe, expect, it } from 'vitest';
import { countSegments, plainSmsText, segmentCount } from './sms-segments';

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

describe('segmentCount', () => {
  it('says how much more fits before another segment is needed', () => {
    expect(segmentCount('Hello')).toEqual({ segments: 1, encoding: 'gsm7', length: 5, left: 155 });
    expect(segmentCount('a'.repeat(161))).toEqual({ segments: 2, encoding: 'gsm7', length: 161, left: 145 });
    expect(segmentCount('On my way 🙂')).toEqual({ segments: 1, encoding: 'ucs2', length: 12, left: 58 });
  });
});

describe('plainSmsText', () => {
  it('turns the curly quotes, dashes and ellipsis phones type into GSM-7 look-alikes', () => {
    const typed = '“Sure” – she’ll be there at 10…';
    expect(segmentCount(typed).encoding).toBe('ucs2');
    expect(plainSmsText(typed)).toBe('"Sure" - she\'ll be there at 10...');
    expect(segmentCount(plainSmsText(typed)).encoding).toBe('gsm7');
  });

  it('leaves an emoji alone: it has no plain form, so the text stays UCS-2', () => {
    expect(plainSmsText('Thanks 🙂')).toBe('Thanks 🙂');
  });
});
