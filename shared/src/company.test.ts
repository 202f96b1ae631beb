import { describe, expect, it } from 'vitest';
import { addressLine, DEMO_COMPANY, openingHoursText, trustStatements, type Company } from './company';
import { DEFAULT_AFTER_HOURS_REPLY, hoursNamedIn, parseCompany } from './company-schema';
import { consentRequiredMessage } from './texts';

describe('company configuration', () => {
  it('accepts the demo values the repository ships', () => {
    expect(parseCompany(DEMO_COMPANY, 'the demo')).toEqual(DEMO_COMPANY);
    expect(addressLine(DEMO_COMPANY)).toBe('100 Demo Street NW, Suite 200, Atlanta, GA 30303');
    expect(trustStatements(DEMO_COMPANY)).toHaveLength(4);
  });

  it('answers texts after hours in its own words: the opening hours and a default when the configuration names none', () => {
    const { texting: _texting, ...older } = DEMO_COMPANY;
    const parsed = parseCompany(older, 'an older file');
    expect(parsed.texting).toEqual({ afterHoursReply: DEFAULT_AFTER_HOURS_REPLY });
    expect(parseCompany({ ...DEMO_COMPANY, texting: { afterHoursReply: null } }, 'x').texting.afterHoursReply).toBeNull();
    const error = (texting: unknown) => {
      try {
        parseCompany({ ...DEMO_COMPANY, texting }, 'x');
        return null;
      } catch (thrown) {
        return (thrown as Error).message;
      }
    };
    expect(error({ afterHoursReply: 'We are closed.' })).toContain('company.texting.afterHoursReply: must say when the office reopens with {reopens}');
    expect(error({ afterHoursReply: `{company}: ${'closed '.repeat(20)}until {reopens}.` })).toContain(
      'company.texting.afterHoursReply: must fit one text (160 plain characters) with the company\'s name and "on Wednesday at 10:30 AM" filled in',
    );
    expect(error({ afterHoursReply: DEFAULT_AFTER_HOURS_REPLY, officeHours: [] })).toContain('company.texting.officeHours: needs at least one span of days');
  });

  it('links a review from the rating thank-you: its reviewUrl, optional, a web address that fits the text', () => {
    expect(DEMO_COMPANY.reviewUrl).toBe('https://g.page/r/atlanta-home-cleaning/review');
    const { reviewUrl: _omitted, ...older } = DEMO_COMPANY;
    expect(parseCompany(older, 'an older file').reviewUrl).toBeUndefined();
    const error = (reviewUrl: unknown) => {
      try {
        parseCompany({ ...DEMO_COMPANY, reviewUrl }, 'x');
        return null;
      } catch (thrown) {
        return (thrown as Error).message;
      }
    };
    expect(error('https://g.page/r/abc/review')).toBeNull();
    expect(error('g.page/r/abc')).toContain('company.reviewUrl: must be an http(s) address');
    expect(error(`https://www.google.com/maps/place/${'x'.repeat(80)}`)).toContain(
      "company.reviewUrl: must fit the rating thank-you in one text (160 plain characters) with the company's name: use a shorter link",
    );
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

  it('takes a guarantee window of 48 hours when the configuration leaves it out', () => {
    const { guaranteeWindowHours: _omitted, ...withoutWindow } = DEMO_COMPANY;
    expect(parseCompany(withoutWindow, 'x').guaranteeWindowHours).toBe(48);
    expect(parseCompany({ ...DEMO_COMPANY, guaranteeWindowHours: 72, statements: { ...DEMO_COMPANY.statements, guarantee: 'Tell us within 3 days.' } }, 'x').guaranteeWindowHours).toBe(72);
  });

  it('keeps the guarantee statement’s words to the window', () => {
    expect(hoursNamedIn(DEMO_COMPANY.statements.guarantee)).toEqual([48]);
    expect(hoursNamedIn('Within 2 days, or a 24-hour call back; 1 hour, 12hrs')).toEqual([48, 24, 1, 12]);
    expect(hoursNamedIn('We stand by every cleaning.')).toEqual([]);
    const statements = (guarantee: string) => ({ ...DEMO_COMPANY, statements: { ...DEMO_COMPANY.statements, guarantee } });
    expect(() => parseCompany({ ...statements('Tell us within 24 hours.'), guaranteeWindowHours: 48 }, 'company.json')).toThrow(
      'company.statements.guarantee: names 24 hours, but guaranteeWindowHours is 48',
    );
    expect(() => parseCompany({ ...DEMO_COMPANY, guaranteeWindowHours: 24 }, 'company.json')).toThrow('names 48 hours, but guaranteeWindowHours is 24');
    // A statement that names no window promises nothing the portal does not keep.
    expect(parseCompany(statements('We stand by every cleaning.'), 'x').statements.guarantee).toBe('We stand by every cleaning.');
    for (const bad of [0, 1.5, 721]) expect(() => parseCompany({ ...DEMO_COMPANY, guaranteeWindowHours: bad }, 'x')).toThrow('company.guaranteeWindowHours: ');
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
