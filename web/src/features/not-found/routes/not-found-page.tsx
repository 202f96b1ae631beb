import { CLIENT_ROUTES } from '@app/shared/routes';
import { Link } from 'react-router-dom';
import { Page } from '../../../components/page';

export function NotFoundPage() {
  return (
    <Page title="Page Not Found" heading="404 — Page Not Found.">
      <p className="actions">
        <Link to={CLIENT_ROUTES.home} className="button">
          Home
        </Link>
      </p>
    </Page>
  );
}
