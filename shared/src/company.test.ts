import { describe, expect, it } from 'vitest';
import { addressLine, DEMO_COMPANY, openingHoursText, trustStatements, type Company } from './company';
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

  it('shows the opening hours as people say them', () => {
    const hours = (openingHours: Company['openingHours']) => openingHoursText({ ...DEMO_COMPANY, openingHours });
    expect(openingHoursText(DEMO_COMPANY)).toBe('Monday to Saturday, 8 AM to 6 PM');
    expect(hours([{ days: ['Saturday', 'Monday'], opens: '07:30', closes: '12:00' }])).toBe('Monday and Saturday, 7:30 AM to 12 PM');
    expect(
      hours([
        { days: ['Monday', 'Tuesday', 'Wednesday', 'Friday'], opens: '00:00', closes: '17:45' },
        { days: ['Sunday'], opens: '13:00', closes: '16:00' },
      ]),
    ).toBe('Monday to Wednesday and Friday, 12 AM to 5:45 PM; Sunday, 1 PM to 4 PM');
  });

  it('refuses opening hours that are not a week of times', () => {
    const error = (() => {
      try {
        parseCompany(
          {
            ...DEMO_COMPANY,
            openingHours: [
              { days: ['Funday'], opens: '8:00', closes: '18:00' },
              { days: ['Monday', 'Monday'], opens: '18:00', closes: '08:00' },
            ],
          },
          'x',
        );
      } catch (thrown) {
        return (thrown as Error).message;
      }
    })();
    expect(error).toContain('company.openingHours.0.days.0: ');
    expect(error).toContain('company.openingHours.0.opens: must be a 24-hour time HH:MM');
    expect(error).toContain('company.openingHours.1.days: must not repeat a day');
    expect(error).toContain('company.openingHours.1.closes: must be later than opens');
  });

  it('puts the legal name into the consent text', () => {
    expect(consentRequiredMessage(DEMO_COMPANY.legalName)).toBe(
      'You must consent to allowing Atlanta Home Cleaning LLC to contact you before submitting.',
    );
  });
});
