import { describe, expect, it } from 'vitest';
import { SERVICE_AREA_ZIPS, isServedZip } from './service-area';

describe('service area', () => {
  it('holds about 230 zips, all 5 digits, Georgia 30xxx/31xxx or Alabama 35xxx/36xxx', () => {
    expect(SERVICE_AREA_ZIPS.size).toBeGreaterThanOrEqual(200);
    expect(SERVICE_AREA_ZIPS.size).toBeLessThanOrEqual(260);
    for (const zip of SERVICE_AREA_ZIPS) expect(zip).toMatch(/^(30|31|35|36)\d{3}$/);
  });

  it('includes downtown Atlanta 30303 and metro suburbs', () => {
    for (const zip of ['30303', '30309', '30030', '30060', '30043', '30236', '30114', '30040', '30252', '30269']) {
      expect(isServedZip(zip)).toBe(true);
    }
  });

  it('includes some Alabama zips near the Georgia line', () => {
    const alabama = [...SERVICE_AREA_ZIPS].filter((z) => /^3[56]/.test(z));
    expect(alabama.length).toBeGreaterThan(5);
    expect(isServedZip('36863')).toBe(true); // Lanett
  });

  it('refuses zips far away and malformed input', () => {
    expect(isServedZip('10001')).toBe(false);
    expect(isServedZip('31401')).toBe(false); // Savannah
    expect(isServedZip('3030')).toBe(false);
    expect(isServedZip(' 30303')).toBe(false);
  });

  it('cannot be changed at run time', () => {
    const set = SERVICE_AREA_ZIPS as Set<string>;
    expect(() => set.add('10001')).toThrow(TypeError);
    expect(() => set.delete('30303')).toThrow(TypeError);
    expect(() => set.clear()).toThrow(TypeError);
    expect(isServedZip('30303')).toBe(true);
    expect(Object.isFrozen(SERVICE_AREA_ZIPS)).toBe(true);
  });
});
