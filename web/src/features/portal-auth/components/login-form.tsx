import { loginErrorMessage, loginErrorTone } from '@app/shared/login';
import { formatEasternClock } from '@app/shared/eastern-time';
import { toLoginPhone } from '@app/shared/phone';
import { cardIdInHash, CLIENT_ROUTES } from '@app/shared/routes';
import { smsConsentWords } from '@app/shared/sms-consent';
import {
  LOGIN_BACK,
  LOGIN_CODE_LABEL,
  LOGIN_CODE_NOT_DELIVERED,
  LOGIN_CODE_PLACEHOLDER,
  LOGIN_CODE_RESENT,
  LOGIN_EMAIL_LABEL,
  LOGIN_PHONE_LABEL,
  LOGIN_RESEND,
  LOGIN_RESENDING,
  LOGIN_SEND_CODE,
  LOGIN_SENDING_CODE,
  LOGIN_SMS_CONSENT,
  LOGIN_SUBMIT,
  LOGIN_US_ONLY_NOTE,
  LOGIN_VERIFYING,
  loginCodeSentTo,
  loginCodeWorksUntil,
  loginResendIn,
} from '@app/shared/texts';
import { useEffect, useId, useRef, useState, type FormEvent } from 'react';
import { useLocation, useNavigate } from 'react-router';
import { SmsTerms } from '../../../components/form/sms-terms';
import { COMPANY } from '../../../lib/company';
import { markSignedIn } from '../../../lib/session';
import { useCountdown } from '../../../lib/use-countdown';
import { useCodeStatus } from '../api/get-code-status';
import { codeSentFrom, useRequestCode, type CodeSent } from '../api/request-code';
import { useVerifyCode } from '../api/verify-code';

/** What step 1 shows about texts, and whose version it sends. */
const SMS_CONSENT = smsConsentWords('login', COMPANY);

/** §5: what the phone field holds is always the US +1 form of what was typed (empty stays empty). */
const phoneValue = (typed: string): string => (typed === '' ? '' : toLoginPhone(typed));

function LoginError({ message }: { message: string | null }) {
  if (!message) return null;
  // §8: 'suspended' / 'not yet eligible' in a yellow warning style, every other message in red.
  const warning = loginErrorTone(message) === 'warning';
  return (
    <p role="alert" className={warning ? 'alert alert--warning' : 'alert'} data-tone={warning ? 'warning' : 'error'}>
      {message}
    </p>
  );
}

/** Step 2's account of the code: where it went (the number masked to its last four digits), the api's message, until when it works. */
function CodeSentNote({ phone, sent, resent }: { phone: string; sent: CodeSent; resent: boolean }) {
  return (
    <div className="code-sent">
      {resent ? <p>{LOGIN_CODE_RESENT}</p> : sent.message ? <p>{sent.message}</p> : null}
      <p>
        {loginCodeSentTo(phone.slice(-4))}
        {sent.expiresAt ? ` ${loginCodeWorksUntil(formatEasternClock(sent.expiresAt))}` : null}
      </p>
    </div>
  );
}

/**
 * The two login steps of docs/product.md §2/§4: e-mail and phone (a code is texted), then the code. One busy
 * flag disables the buttons while either request runs; the error text is cleared as each starts.
 */
export function LoginForm() {
  const navigate = useNavigate();
  const location = useLocation();
  const ids = useId();
  const [step, setStep] = useState<'contact' | 'code'>('contact');
  const [email, setEmail] = useState('');
  const [phone, setPhone] = useState('');
  const [code, setCode] = useState('');
  const [error, setError] = useState<string | null>(null);
  // When the code on step 2 was requested; its delivery report is polled while it is shown.
  const [requestedAt, setRequestedAt] = useState<number | null>(null);
  const [sent, setSent] = useState<CodeSent | null>(null);
  const [resent, setResent] = useState(false);
  // "Resend code" waits as long as the api would refuse another code (its answer, or its Retry-After).
  const [resendAt, setResendAt] = useState<number | null>(null);
  const resendWait = useCountdown(resendAt);
  const requestCode = useRequestCode();
  const verifyCode = useVerifyCode();
  // Not while verifying: a correct code ends the code (and its cookie), and a poll then would get 404.
  const codeStatus = useCodeStatus(step === 'code' && !verifyCode.isPending && verifyCode.data?.ok !== true ? requestedAt : null);
  const notDelivered = step === 'code' && codeStatus.data?.status === 'failed';
  const busy = requestCode.isPending || verifyCode.isPending;

  // Focus goes where the work is: the code field when a code was sent (or a code was refused), the
  // e-mail field on going back, the button after a refused request. The pressed button is disabled
  // while the request runs, which drops focus, and React reuses the inputs across the two steps
  // (so autoFocus would not fire).
  const emailRef = useRef<HTMLInputElement>(null);
  const codeRef = useRef<HTMLInputElement>(null);
  const sendRef = useRef<HTMLButtonElement>(null);
  const [focusTarget, setFocusTarget] = useState<'email' | 'code' | 'send' | null>(null);
  useEffect(() => {
    if (busy || focusTarget === null) return;
    ({ email: emailRef, code: codeRef, send: sendRef })[focusTarget].current?.focus();
    setFocusTarget(null);
  }, [focusTarget, busy]);

  const onRequestCode = async (event: FormEvent) => {
    event.preventDefault();
    if (busy) return;
    setError(null);
    const answer = await requestCode.mutateAsync({ email, phone, code, consentVersion: SMS_CONSENT.version });
    if (answer.ok) codeWasSent(codeSentFrom(answer.body), false);
    else {
      setError(loginErrorMessage('request-code', answer.error));
      setFocusTarget('send');
    }
  };

  const codeWasSent = (details: CodeSent, again: boolean) => {
    const at = Date.now();
    setRequestedAt(at);
    setSent(details);
    setResent(again);
    setResendAt(at + details.resendAfterSeconds * 1000);
    setStep('code');
    setFocusTarget('code');
  };

  const onResend = async () => {
    if (busy || resendWait > 0) return;
    setError(null);
    setResent(false);
    const answer = await requestCode.mutateAsync({ email, phone, code: '', consentVersion: SMS_CONSENT.version });
    if (answer.ok) {
      setCode('');
      codeWasSent(codeSentFrom(answer.body), true);
      return;
    }
    setError(loginErrorMessage('request-code', answer.error));
    setFocusTarget('code');
    if (answer.retryAfterSeconds) setResendAt(Date.now() + answer.retryAfterSeconds * 1000);
  };

  const onVerify = async (event: FormEvent) => {
    event.preventDefault();
    if (busy) return;
    setError(null);
    const answer = await verifyCode.mutateAsync({ email, phone, code });
    if (!answer.ok) {
      setError(loginErrorMessage('verify-code', answer.error));
      setFocusTarget('code');
      return;
    }
    markSignedIn();
    void navigate(CLIENT_ROUTES.portal + cardHashAfterSignIn(location.state));
  };

  const onBack = () => {
    setStep('contact');
    setCode('');
    setError(null);
    setRequestedAt(null);
    setSent(null);
    setResent(false);
    setFocusTarget('email');
  };

  // Where the code went, in a status region that is on the page from step 1 on, so screen readers
  // announce it when it is filled (they ignore a region that arrives with its text).
  const codeSent = (
    <div role="status" className="code-sent-region">
      {step === 'code' && sent ? <CodeSentNote phone={phone} sent={sent} resent={resent} /> : null}
    </div>
  );

  if (step === 'code') {
    return (
      <>
        {codeSent}
        <form className="form login-form" onSubmit={(event) => void onVerify(event)} aria-busy={busy}>
          <div className="field">
            <label htmlFor={`${ids}-code`}>{LOGIN_CODE_LABEL}</label>
            <input
              id={`${ids}-code`}
              name="code"
              type="text"
              inputMode="numeric"
              autoComplete="one-time-code"
              placeholder={LOGIN_CODE_PLACEHOLDER}
              ref={codeRef}
              value={code}
              onChange={(event) => setCode(event.target.value)}
            />
          </div>
          {/* Twilio reported that the text never reached the phone: say so instead of letting them wait. */}
          {notDelivered ? <LoginError message={LOGIN_CODE_NOT_DELIVERED} /> : null}
          <LoginError message={error} />
          <div className="actions">
            <button type="submit" className="button" disabled={busy}>
              {verifyCode.isPending ? LOGIN_VERIFYING : LOGIN_SUBMIT}
            </button>
            <button type="button" className="link-button" onClick={() => void onResend()} disabled={busy || resendWait > 0}>
              {resendWait > 0 ? loginResendIn(resendWait) : requestCode.isPending ? LOGIN_RESENDING : LOGIN_RESEND}
            </button>
            <button type="button" className="link-button" onClick={onBack} disabled={busy}>
              {LOGIN_BACK}
            </button>
          </div>
        </form>
      </>
    );
  }

  return (
    <>
      {codeSent}
      <form className="form login-form" onSubmit={(event) => void onRequestCode(event)} aria-busy={busy}>
        <div className="field">
          <label htmlFor={`${ids}-email`}>{LOGIN_EMAIL_LABEL}</label>
          <input
            id={`${ids}-email`}
            ref={emailRef}
            name="email"
            type="email"
            autoComplete="email"
            value={email}
            onChange={(event) => setEmail(event.target.value)}
          />
        </div>
        <div className="field">
          <label htmlFor={`${ids}-phone`}>{LOGIN_PHONE_LABEL}</label>
          <input
            id={`${ids}-phone`}
            name="phone"
            type="tel"
            autoComplete="tel"
            aria-describedby={`${ids}-phone-note`}
            value={phone}
            onChange={(event) => setPhone(phoneValue(event.target.value))}
          />
          <p id={`${ids}-phone-note`} className="field__hint">
            {LOGIN_US_ONLY_NOTE}
          </p>
        </div>
        {/* §2's statement word for word, on its own, then the program's terms as information: a
            login request agrees to its code, not to our other texts (sms-consent.ts). */}
        <div className="login-consent">
          <p className="fine-print">{LOGIN_SMS_CONSENT}</p>
          {SMS_CONSENT.agreement ? (
            <p className="fine-print" data-sms-agreement="">
              {SMS_CONSENT.agreement}
            </p>
          ) : null}
          <SmsTerms id={`${ids}-sms-terms`} disclosure={SMS_CONSENT.disclosure} />
        </div>
        <LoginError message={error} />
        <div className="actions">
          <button type="submit" className="button" disabled={busy} ref={sendRef}>
            {requestCode.isPending ? LOGIN_SENDING_CODE : LOGIN_SEND_CODE}
          </button>
        </div>
      </form>
    </>
  );
}

/** The card the customer came for ('#deal-<id>', from the portal's redirect), or '' for the portal's top. */
export function cardHashAfterSignIn(state: unknown): string {
  const after = typeof state === 'object' && state !== null && 'afterSignIn' in state ? (state as { afterSignIn: unknown }).afterSignIn : null;
  const card = typeof after === 'string' ? cardIdInHash(after) : null;
  return card ? `#${card}` : '';
}
