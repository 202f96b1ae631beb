import { CLIENT_ROUTES } from '@app/shared/routes';
import { NOT_FOUND } from '@app/shared/texts';
import { Link } from 'react-router-dom';
import { Page } from '../../../components/page';

export function NotFoundPage() {
  return (
    <Page title="Page Not Found" heading={NOT_FOUND}>
      <p className="actions">
        <Link to={CLIENT_ROUTES.home} className="button">
          Home
        </Link>
      </p>
    </Page>
  );
}
