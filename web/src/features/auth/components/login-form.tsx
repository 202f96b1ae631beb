import { loginErrorMessage, loginErrorTone } from '@app/shared/login';
import { toLoginPhone } from '@app/shared/phone';
import { CLIENT_ROUTES } from '@app/shared/routes';
import {
  LOGIN_BACK,
  LOGIN_CODE_LABEL,
  LOGIN_CODE_NOT_DELIVERED,
  LOGIN_CODE_PLACEHOLDER,
  LOGIN_EMAIL_LABEL,
  LOGIN_PHONE_LABEL,
  LOGIN_SEND_CODE,
  LOGIN_SENDING_CODE,
  LOGIN_SMS_CONSENT,
  LOGIN_SUBMIT,
  LOGIN_US_ONLY_NOTE,
  LOGIN_VERIFYING,
} from '@app/shared/texts';
import { useId, useState, type FormEvent } from 'react';
import { useNavigate } from 'react-router-dom';
import { markSignedIn } from '../../../lib/session';
import { useCodeStatus } from '../api/get-code-status';
import { useRequestCode } from '../api/request-code';
import { useVerifyCode } from '../api/verify-code';

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

/**
 * The two login steps of spec §2/§4: e-mail and phone (a code is texted), then the code. One busy
 * flag disables the buttons while either request runs; the error text is cleared as each starts.
 */
export function LoginForm() {
  const navigate = useNavigate();
  const ids = useId();
  const [step, setStep] = useState<'contact' | 'code'>('contact');
  const [email, setEmail] = useState('');
  const [phone, setPhone] = useState('');
  const [code, setCode] = useState('');
  const [error, setError] = useState<string | null>(null);
  // When the code on step 2 was requested; its delivery report is polled while it is shown.
  const [requestedAt, setRequestedAt] = useState<number | null>(null);
  const requestCode = useRequestCode();
  const verifyCode = useVerifyCode();
  // Not while verifying: a correct code ends the code (and its cookie), and a poll then would get 404.
  const codeStatus = useCodeStatus(step === 'code' && !verifyCode.isPending && verifyCode.data?.ok !== true ? requestedAt : null);
  const notDelivered = step === 'code' && codeStatus.data?.status === 'failed';
  const busy = requestCode.isPending || verifyCode.isPending;

  const onRequestCode = async (event: FormEvent) => {
    event.preventDefault();
    if (busy) return;
    setError(null);
    const answer = await requestCode.mutateAsync({ email, phone, code });
    if (answer.ok) {
      setRequestedAt(Date.now());
      setStep('code');
    } else setError(loginErrorMessage('request-code', answer.error));
  };

  const onVerify = async (event: FormEvent) => {
    event.preventDefault();
    if (busy) return;
    setError(null);
    const answer = await verifyCode.mutateAsync({ email, phone, code });
    if (!answer.ok) {
      setError(loginErrorMessage('verify-code', answer.error));
      return;
    }
    markSignedIn();
    void navigate(CLIENT_ROUTES.portal);
  };

  const onBack = () => {
    setStep('contact');
    setCode('');
    setError(null);
    setRequestedAt(null);
  };

  if (step === 'code') {
    return (
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
            // The new step replaces the button that was just pressed; focus goes where the work is.
            autoFocus
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
          <button type="button" className="link-button" onClick={onBack} disabled={busy}>
            {LOGIN_BACK}
          </button>
        </div>
      </form>
    );
  }

  return (
    <form className="form login-form" onSubmit={(event) => void onRequestCode(event)} aria-busy={busy}>
      <div className="field">
        <label htmlFor={`${ids}-email`}>{LOGIN_EMAIL_LABEL}</label>
        <input
          id={`${ids}-email`}
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
      <p className="fine-print">{LOGIN_SMS_CONSENT}</p>
      <LoginError message={error} />
      <div className="actions">
        <button type="submit" className="button" disabled={busy}>
          {requestCode.isPending ? LOGIN_SENDING_CODE : LOGIN_SEND_CODE}
        </button>
      </div>
    </form>
  );
}
