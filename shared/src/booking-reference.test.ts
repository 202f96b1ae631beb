import { describe, expect, it } from 'vitest';
import { parseBookingReference } from './booking-reference';

describe('booking reference', () => {
  it('reads a reference in any case, with a dash or a space', () => {
    expect(parseBookingReference('ATL-7K3F')).toBe('ATL-7K3F');
    expect(parseBookingReference(' atl-7k3f ')).toBe('ATL-7K3F');
    expect(parseBookingReference('atl 7k3f')).toBe('ATL-7K3F');
    expect(parseBookingReference('ATL-25HZD')).toBe('ATL-25HZD');
  });

  it('is not fooled by names, e-mails or look-alike characters', () => {
    for (const text of ['Atlanta', 'ATL-7K3', 'ATL-7K0F', 'ATL-IL1O', 'atl@example.com', '']) expect(parseBookingReference(text)).toBeNull();
  });
});
