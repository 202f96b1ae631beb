import { LEGAL_DOCUMENTS, type LegalDocumentSlug } from '@app/shared/constants';
import { cancellationPolicy } from './cancellation-policy';
import { contactPolicy } from './contact-policy';
import { cookiePolicy } from './cookie-policy';
import { limitedLiabilityPolicy } from './limited-liability-policy';
import { paymentsPolicy } from './payments-policy';
import type { PolicyDocument } from './policy-document';
import { portalPolicy } from './portal-policy';
import { privacyPolicy } from './privacy-policy';
import { promoPolicy } from './promo-policy';
import { refundsPolicy } from './refunds-policy';
import { severabilityPolicy } from './severability-policy';
import { subscriptionPolicy } from './subscription-policy';
import { termsPolicy } from './terms-policy';

// Keyed by slug so the compiler rejects a missing or unknown document; the order comes from
// LEGAL_DOCUMENTS, the one list the Legal page and the build step also follow.
const BY_SLUG: Record<LegalDocumentSlug, PolicyDocument> = {
  promo: promoPolicy,
  privacy: privacyPolicy,
  terms: termsPolicy,
  'limited-liability': limitedLiabilityPolicy,
  contact: contactPolicy,
  cancellation: cancellationPolicy,
  refunds: refundsPolicy,
  payments: paymentsPolicy,
  severability: severabilityPolicy,
  cookie: cookiePolicy,
  subscription: subscriptionPolicy,
  portal: portalPolicy,
};

/** The twelve policies in the order of LEGAL_DOCUMENTS. */
export const POLICY_DOCUMENTS: readonly PolicyDocument[] = LEGAL_DOCUMENTS.map((slug) => BY_SLUG[slug]);

/** The policy for a slug; takes any string because slugs arrive from URLs and file names. */
export function findPolicyDocument(slug: string): PolicyDocument | undefined {
  return POLICY_DOCUMENTS.find((doc) => doc.slug === slug);
}
