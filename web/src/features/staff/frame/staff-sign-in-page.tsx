import { staffSignInOptionsSchema, type StaffSignInOptions } from '@app/shared/staff-sign-in';
import { STAFF_SIGN_IN_ERRORS, STAFF_SIGNED_OUT, type StaffSignInError } from '@app/shared/texts';
import { useEffect, useState } from 'react';
import { useLocation, useSearchParams } from 'react-router';
import { Page } from '../../../components/page';
import { api, ApiError } from '../../../lib/api-client';
import '../../../components/form/forms.css';

const OPTIONS_PATH = '/api/auth/options';

/** Until the api has said which provider it uses, the button goes to the default one of docs/product.md §7. */
const FALLBACK: StaffSignInOptions = { startPath: '/api/auth/google', providerName: 'Google', configured: true };

const isSignInError = (value: string | null): value is StaffSignInError => value !== null && Object.hasOwn(STAFF_SIGN_IN_ERRORS, value);

function useSignInOptions(): StaffSignInOptions {
  const [options, setOptions] = useState(FALLBACK);
  useEffect(() => {
    const controller = new AbortController();
    api.get(OPTIONS_PATH, staffSignInOptionsSchema, { signal: controller.signal }).then(setOptions, (error: unknown) => {
      // An error status keeps the default quietly; an answer that makes no sense, or none at all, is worth a warning.
      if (!controller.signal.aborted && !(error instanceof ApiError && error.kind === 'status')) console.warn('Could not read the staff sign-in options', error);
    });
    return () => controller.abort();
  }, []);
  return options;
}

/**
 * /admin/login (docs/product.md §2): a plain link to the api's sign-in start, not the router, because the
 * browser must leave the app for the identity provider. The api sends staff back here with
 * ?error=… when sign-in failed: `unauthorized` is the domain text of docs/product.md §2, the other kinds say
 * what really happened (provider down, not configured, too many attempts).
 */
export function StaffSignInPage() {
  const [searchParams] = useSearchParams();
  const location = useLocation();
  const options = useSignInOptions();
  const error = searchParams.get('error');
  const signedOut = (location.state as { signedOut?: boolean } | null)?.signedOut === true;
  const message = isSignInError(error) ? STAFF_SIGN_IN_ERRORS[error] : !options.configured ? STAFF_SIGN_IN_ERRORS.not_configured : null;

  return (
    <Page title="Staff Sign In" heading="Staff Sign In" lead="Sign in with your company account.">
      {signedOut && !message ? (
        <p className="notice" role="status">
          {STAFF_SIGNED_OUT}
        </p>
      ) : null}
      {message ? (
        <p className="alert" role="alert">
          {message}
        </p>
      ) : null}
      <p className="actions">
        <a href={options.startPath} className="button" aria-disabled={!options.configured || undefined}>
          Sign in with {options.providerName}
        </a>
      </p>
    </Page>
  );
}
