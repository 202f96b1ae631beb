import type { EmailCompany } from './templates/layout';
import type { EmailNotice } from './templates/notices';

/** A company and one notice of every kind, as the template tests and the browser's look at them render them. */
export const SAMPLE_COMPANY: EmailCompany = {
  name: 'Atlanta Home Cleaning',
  phone: '(404) 555-0100',
  address: '123 Peachtree St NE, Atlanta, GA 30303',
  email: 'hello@cleaning.example',
  websiteUrl: 'https://www.cleaning.example/',
};
export const SAMPLE_PORTAL_URL = 'https://www.cleaning.example/portal';
// 3 PM UTC on Dec 8, 2026 is 10 AM in Atlanta.
const scheduledAt = new Date('2026-12-08T15:00:00Z');

export const EVERY_KIND: EmailNotice[] = [
  { kind: 'request_received', reference: 'AHC-1234', service: 'Standard Clean', portalUrl: SAMPLE_PORTAL_URL },
  { kind: 'quote_ready', reference: 'AHC-1234', amount: '$233.10', frequency: 'Weekly', approveUrl: `${SAMPLE_PORTAL_URL}#quote` },
  { kind: 'cleaning_confirmed', reference: 'AHC-1234', scheduledAt, portalUrl: SAMPLE_PORTAL_URL },
  { kind: 'reminder', scheduledAt, portalUrl: SAMPLE_PORTAL_URL, unsubscribeUrl: 'https://www.cleaning.example/e/unsubscribe/t1' },
  { kind: 'rescheduled', reference: 'AHC-1234', scheduledAt, portalUrl: SAMPLE_PORTAL_URL },
  { kind: 'canceled', reference: 'AHC-1234', portalUrl: SAMPLE_PORTAL_URL },
  { kind: 'request_answered', reference: 'AHC-1234', request: 'change request', outcome: { kind: 'moved', scheduledAt }, portalUrl: SAMPLE_PORTAL_URL },
  { kind: 'invoice_ready', amount: '$150.00', payUrl: 'https://pay.cleaning.example/i/1' },
  { kind: 'rating_request', reference: 'AHC-1234', textTo: '+14045550123', unsubscribeUrl: 'https://www.cleaning.example/e/unsubscribe/t2' },
  { kind: 'on_my_way', cleanerFirstName: 'Maria', from: new Date('2026-12-08T14:50:00Z'), to: new Date('2026-12-08T15:10:00Z') },
  { kind: 'portal_invite', firstName: 'Dana', signInUrl: `${SAMPLE_PORTAL_URL}/login` },
  { kind: 'invoice_reminder', reference: 'AHC-1234', amount: '$411.10', payUrl: 'https://pay.cleaning.example/i/1' },
  { kind: 'payment_received', reference: 'AHC-1234', amount: '$411.10', portalUrl: SAMPLE_PORTAL_URL, tip: { cleanerFirstName: 'Maria', url: `${SAMPLE_PORTAL_URL}/tip?t=sample` } },
  { kind: 'plan_confirmed', rule: 'Every Tuesday at 10:00 AM', visits: [scheduledAt, new Date('2026-12-15T15:00:00Z'), new Date('2026-12-22T15:00:00Z')], portalUrl: SAMPLE_PORTAL_URL },
];
