import { BRAND, type Brand } from '@app/shared/brand';

/**
 * A brand with every company-identifying value replaced, for tests that prove the documents
 * take the company's identity from configuration. BRAND is `as const`, so its literal types
 * have to be widened with a cast to hold other values.
 */
export function testBrand(overrides: { name?: string; legalName?: string; email?: string } = {}): Brand {
  return {
    ...BRAND,
    name: 'Test Co',
    legalName: 'Test Co LLC',
    email: 'help@testco.example',
    tagline: 'Test tagline',
    designerCredit: { label: 'Test designer', url: null },
    ...overrides,
  } as unknown as Brand;
}
