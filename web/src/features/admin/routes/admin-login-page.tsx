import { ADMIN_ACCESS_DENIED } from '@app/shared/texts';
import { useSearchParams } from 'react-router-dom';
import { Page } from '../../../components/page';

/**
 * Starts staff sign-in with the identity provider (Google by default). A plain link, not the
 * router: the browser must leave the app for the API, which redirects it to the provider.
 */
export const STAFF_SIGN_IN_PATH = '/api/auth/google';

export function AdminLoginPage() {
  const [searchParams] = useSearchParams();
  // The API sends staff back here with ?error=unauthorized when their e-mail domain is not allowed.
  const unauthorized = searchParams.get('error') === 'unauthorized';

  return (
    <Page title="Staff Sign In" heading="Staff Sign In" lead="Sign in with your company account.">
      {unauthorized ? (
        <p className="alert" role="alert">
          {ADMIN_ACCESS_DENIED}
        </p>
      ) : null}
      <p className="actions">
        <a href={STAFF_SIGN_IN_PATH} className="button">
          Sign in with Google
        </a>
      </p>
    </Page>
  );
}
