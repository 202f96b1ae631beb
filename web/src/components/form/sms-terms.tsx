import { CLIENT_ROUTES } from '@app/shared/routes';
import { SMS_CONSENT_LINKS } from '@app/shared/sms-consent';

/** Where the consent's links go: the privacy policy opened on the Legal page, and the terms' own page. */
export const PRIVACY_POLICY_HREF = `${CLIENT_ROUTES.legal}?policy=privacy`;
export const TERMS_HREF = CLIENT_ROUTES.terms;

/**
 * The text message program's terms under a form's agreement (shared/src/sms-consent.ts), with the
 * privacy policy and terms linked. The links open a new tab, so a half-filled form is not lost.
 */
export function SmsTerms({ id, disclosure }: { id: string; disclosure: string }) {
  return (
    <p id={id} className="fine-print" data-sms-terms="">
      {disclosure} {SMS_CONSENT_LINKS.before}
      <a href={PRIVACY_POLICY_HREF} target="_blank" rel="noopener">
        {SMS_CONSENT_LINKS.privacy}
      </a>
      {SMS_CONSENT_LINKS.between}
      <a href={TERMS_HREF} target="_blank" rel="noopener">
        {SMS_CONSENT_LINKS.terms}
      </a>
      {SMS_CONSENT_LINKS.after}
    </p>
  );
}
