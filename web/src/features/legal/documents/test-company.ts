import { DEMO_COMPANY, type Company } from '@app/shared/company';

/**
 * A company with every identifying value replaced, for tests that prove the documents take the
 * company's identity from configuration.
 */
export function testCompany(overrides: Partial<Pick<Company, 'name' | 'legalName' | 'email'>> = {}): Company {
  return {
    ...DEMO_COMPANY,
    name: 'Test Co',
    legalName: 'Test Co LLC',
    email: 'help@testco.example',
    tagline: 'Test tagline',
    designerCredit: { label: 'Test designer', url: null },
    ...overrides,
  };
}
