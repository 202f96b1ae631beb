import { CLIENT_ROUTES } from '@app/shared/routes';
import { NOT_FOUND } from '@app/shared/texts';
import { Link } from 'react-router';
import { Page } from '../../../components/page';

export function NotFoundPage() {
  return (
    <Page
      title="Page Not Found"
      description="The page you were looking for does not exist. Head back home to find cleaning services, prices and our service area."
      heading={NOT_FOUND}
      lead="The page may have moved, or the address may have a typo."
    >
      <p className="actions">
        <Link to={CLIENT_ROUTES.home} className="button">
          Home
        </Link>
      </p>
    </Page>
  );
}
