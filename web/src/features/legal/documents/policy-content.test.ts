import { DEMO_COMPANY } from '@app/shared/company';
import { LEGAL_DISPLAY_DATE } from '@app/shared/constants';
import { describe, expect, it } from 'vitest';
import type { PolicyDocument } from './policy-document';
import { issueReportWindow } from './policy-facts';
import { findPolicyDocument, POLICY_DOCUMENTS } from './registry';
import { renderPolicyHtml } from './render-policy-html';
import { testCompany } from './test-company';

const brand = testCompany();

function textOf(doc: PolicyDocument, b = brand): string {
  return doc
    .sections(b)
    .flatMap((s) => [s.heading, ...s.paragraphs, ...(s.bullets ?? [])])
    .join('\n');
}

function doc(slug: string): PolicyDocument {
  const found = findPolicyDocument(slug);
  if (!found) throw new Error(`no policy ${slug}`);
  return found;
}

describe.each(POLICY_DOCUMENTS.map((d) => [d.slug, d] as const))('%s policy', (_slug, policy) => {
  it('names the company by the legal name from configuration and gives its e-mail', () => {
    expect(textOf(policy)).toContain('Test Co LLC');
    expect(textOf(policy)).toContain('help@testco.example');
    expect(textOf(policy, DEMO_COMPANY)).toContain(DEMO_COMPANY.legalName);
  });

  it('never hard-codes the company name or e-mail', () => {
    const html = renderPolicyHtml(policy, brand, LEGAL_DISPLAY_DATE);
    expect(html).not.toMatch(/atlanta\s*home\s*cleaning/i);
    expect(html).not.toContain(DEMO_COMPANY.name);
    expect(html).not.toContain(DEMO_COMPANY.email);
  });

  it('is plain text without markup or placeholders', () => {
    const text = `${policy.title}\n${policy.summary}\n${textOf(policy, DEMO_COMPANY)}`;
    expect(text).not.toMatch(/[<>]/);
    expect(text).not.toMatch(/lorem|ipsum|todo|tbd|xxx|\$\{|undefined|\[object/i);
  });

  it('tells the reader where to send questions', () => {
    expect(textOf(policy)).toContain('at help@testco.example or use the form on our Contact page');
  });
});

describe('policy content', () => {
  it('cancellation policy states the 24-hour rule', () => {
    const text = textOf(doc('cancellation'));
    expect(text).toContain('Changes or cancellations are not available within 24 hours of your cleaning date');
    expect(doc('cancellation').sections(brand).map((s) => s.heading)).toContain('The 24-hour rule');
    expect(doc('cancellation').summary).toContain('24 hours');
  });

  it('promo document gives 10% off the first booking', () => {
    const text = textOf(doc('promo'));
    expect(text).toContain('10% off their first booking');
    expect(doc('promo').summary).toContain('10%');
  });

  it('every booking-related policy agrees on the free 15-minute assessment', () => {
    for (const slug of ['promo', 'terms', 'payments', 'subscription']) {
      expect(textOf(doc(slug)), slug).toContain('free 15-minute pre-visit assessment');
    }
  });

  it('privacy policy names the CRM and SMS providers and says data is not sold', () => {
    const text = textOf(doc('privacy'));
    expect(text).toContain('HubSpot');
    expect(text).toContain('Twilio');
    expect(text).toContain('We do not sell your personal information');
  });

  it('cookie policy describes the local storage consent and the session cookie', () => {
    const text = textOf(doc('cookie'));
    expect(text).toContain('local storage');
    expect(text).toContain('session');
    expect(text).toContain('Got it');
  });

  it('terms are governed by Georgia law', () => {
    expect(textOf(doc('terms'))).toContain('governed by the laws of the State of Georgia');
    expect(textOf(doc('severability'))).toContain('State of Georgia');
  });

  it('portal terms cover the one-time text code, messaging rates and US-only numbers', () => {
    const text = textOf(doc('portal'));
    expect(text).toContain('6-digit one-time code');
    expect(text).toContain('standard messaging rates may apply');
    expect(text).toContain('US numbers (+1)');
    expect(text).toContain('within 24 hours');
  });

  it('payment policy explains the three invoice states the portal shows', () => {
    const text = textOf(doc('payments'));
    for (const label of ['Paid/Settled', 'Not Paid', 'Voided']) expect(text).toContain(label);
  });

  it('recurring service terms list weekly, bi-weekly and monthly', () => {
    const text = textOf(doc('subscription'));
    expect(text).toContain('Weekly: one visit every week.');
    expect(text).toContain('Bi-weekly: one visit every two weeks.');
    expect(text).toContain('Monthly: one visit each month.');
  });
});

describe('the satisfaction guarantee the site advertises', () => {
  it('gives the same window to report a missed area as the refund policy', () => {
    expect(issueReportWindow(DEMO_COMPANY)).toBe('48 hours');
    expect(textOf(doc('refunds'))).toContain(`Tell us within ${issueReportWindow(DEMO_COMPANY)} of the cleaning`);
    expect(DEMO_COMPANY.statements.guarantee).toContain(`within ${issueReportWindow(DEMO_COMPANY)}`);
  });
});

describe('text messages in the privacy policy and terms', () => {
  it('describe the program as the booking form and login page do (campaign vetting compares them)', () => {
    const disclosure =
      'Test Co customer texts: booking confirmations, appointment reminders and changes, invoices, login codes, answers to your requests and a request to rate each cleaning. Message frequency varies. Msg & data rates may apply. Reply STOP to opt out, HELP for help.';
    for (const slug of ['privacy', 'terms']) {
      const text = textOf(doc(slug));
      expect(text).toContain(`When you tick the box for texts on our booking form, or turn texts on in the customer portal, we send Test Co customer texts to the phone number you gave. ${disclosure}`);
      expect(text).toContain('Texts are optional: you can book without them, and turn them off in the portal at any time.');
      expect(text).toContain('Reply HELP, call (404) 555-0100 or e-mail help@testco.example for help.');
    }
    expect(textOf(doc('privacy'))).not.toContain('only when you ask for a portal sign-in code');
    expect(textOf(doc('privacy'))).toContain('We do not sell or share your mobile number, or your consent to receive texts, with anyone for their own marketing.');
  });
});
