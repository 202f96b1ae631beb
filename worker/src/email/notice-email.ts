import type { NoticeFacts } from '../sms/customer-notice';
import type { EmailNotice } from './templates/notices';

export interface EmailLinks {
  /** Where customers sign in to the portal (PUBLIC_URL + /login), as in their texts. */
  portalUrl: string;
  /** This address's unsubscribe link (reminders and rating requests). */
  unsubscribeUrl: string;
  /** The portal at a cleaning's card (PUBLIC_URL + /portal#deal-<id>), where its quote is approved. */
  dealUrl: (dealId: string) => string;
  /** The number customers text back to (a rating), E.164; null when texts go out through a messaging service. */
  textTo: string | null;
  /** A cleaning's tip page (docs/payments.md#tips). */
  tipUrl: (dealId: string) => string;
}

/** A notice's e-mail, from the same facts its text is written from (customer-notice.ts). */
export function emailNoticeOf(facts: NoticeFacts, links: EmailLinks): EmailNotice {
  const { portalUrl, unsubscribeUrl, textTo } = links;
  switch (facts.kind) {
    case 'request_received':
      return { kind: 'request_received', reference: facts.reference, service: 'cleaning', portalUrl };
    case 'cleaning_confirmed':
    case 'rescheduled':
      return { kind: facts.kind, reference: facts.reference, scheduledAt: facts.scheduledAt, portalUrl };
    case 'plan_confirmed':
      return { kind: 'plan_confirmed', rule: facts.rule, visits: facts.visits, portalUrl };
    case 'reminder':
      return { kind: 'reminder', scheduledAt: facts.scheduledAt, portalUrl, unsubscribeUrl };
    case 'invoice_ready':
      return { kind: 'invoice_ready', amount: facts.amount, payUrl: facts.payUrl ?? portalUrl };
    case 'invoice_reminder':
      return { kind: 'invoice_reminder', reference: facts.reference, amount: facts.amount, payUrl: facts.payUrl ?? portalUrl };
    case 'payment_received':
      return {
        kind: 'payment_received', reference: facts.reference, amount: facts.amount, portalUrl,
        tip: facts.tip ? { cleanerFirstName: facts.tip.cleanerFirstName, url: links.tipUrl(facts.tip.dealId) } : null,
      };
    case 'rating_request':
      return { kind: 'rating_request', reference: facts.reference, textTo, unsubscribeUrl };
    case 'on_my_way':
      return { kind: 'on_my_way', cleanerFirstName: facts.cleanerFirstName, from: facts.from, to: facts.to };
    case 'request_answered':
      return { kind: 'request_answered', reference: facts.reference, request: facts.request, outcome: facts.outcome, portalUrl };
    case 'quote_ready':
      return { kind: 'quote_ready', reference: facts.reference, amount: facts.amount, frequency: facts.frequency, approveUrl: links.dealUrl(facts.dealId) };
    case 'canceled':
      return { kind: 'canceled', reference: facts.reference, portalUrl };
    case 'portal_invite':
      return { kind: 'portal_invite', firstName: facts.firstName, signInUrl: portalUrl };
  }
}
