import { ADMIN_ACCESS_DENIED } from '@app/shared/texts';
import { useSearchParams } from 'react-router-dom';
import { Page } from '../../../components/page';

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
    </Page>
  );
}
