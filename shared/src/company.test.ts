import { describe, expect, it } from 'vitest';
import { addressLine, DEMO_COMPANY, structuredData, trustStatements } from './company';
import { parseCompany } from './company-schema';
import { consentRequiredMessage } from './texts';

describe('company configuration', () => {
  it('accepts the demo values the repository ships', () => {
    expect(parseCompany(DEMO_COMPANY, 'the demo')).toEqual(DEMO_COMPANY);
    expect(addressLine(DEMO_COMPANY)).toBe('100 Demo Street NW, Suite 200, Atlanta, GA 30303');
    expect(trustStatements(DEMO_COMPANY)).toHaveLength(4);
  });

  it('names every wrong field in one error', () => {
    const wrong = {
      ...DEMO_COMPANY,
      phone: '404-555-0100',
      email: 'not an address',
      address: { ...DEMO_COMPANY.address, state: 'Georgia' },
      testimonials: [{ ...DEMO_COMPANY.testimonials[0]!, rating: 6 }],
    };
    expect(() => parseCompany(wrong, 'company.json')).toThrow(
      [
        'Company configuration from company.json is not valid:',
        '  company.phone: must be a US phone number in the form +1XXXXXXXXXX',
        '  company.email: must be an e-mail address',
        '  company.address.state: must be a two-letter state code',
        '  company.testimonials.0.rating: must be 1 to 5',
        '  company.testimonials: needs at least three (the home page shows three)',
      ].join('\n'),
    );
  });

  it('refuses a field it does not know and a missing statement', () => {
    const { guarantee: _omitted, ...statements } = DEMO_COMPANY.statements;
    const error = (() => {
      try {
        parseCompany({ ...DEMO_COMPANY, statements, fax: '+14045550101' }, 'x');
      } catch (thrown) {
        return (thrown as Error).message;
      }
    })();
    expect(error).toContain('company.statements.guarantee: ');
    expect(error).toContain('company.(root): Unrecognized key: "fax"');
  });

  it('describes the company to search engines without rating itself', () => {
    const data = structuredData(DEMO_COMPANY);
    expect(data).toMatchObject({
      '@type': 'HouseCleaning',
      telephone: '+14045550100',
      address: { streetAddress: '100 Demo Street NW, Suite 200', addressLocality: 'Atlanta', addressRegion: 'GA', postalCode: '30303' },
    });
    expect(data).not.toHaveProperty('aggregateRating');
  });

  it('puts the legal name into the consent text', () => {
    expect(consentRequiredMessage(DEMO_COMPANY.legalName)).toBe(
      'You must consent to allowing Atlanta Home Cleaning LLC to contact you before submitting.',
    );
  });
});
