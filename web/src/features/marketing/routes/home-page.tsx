import { CLIENT_ROUTES } from '@app/shared/routes';
import { GET_STARTED } from '@app/shared/texts';
import { Link } from 'react-router-dom';
import { Page } from '../../../components/page';

export function HomePage() {
  return (
    <Page
      heading="Home and office cleaning across metro Atlanta"
      lead="Every booking starts with a free 15-minute assessment, and pricing is confirmed before any work begins."
    >
      <p className="actions">
        <Link to={CLIENT_ROUTES.pricing} className="button">
          {GET_STARTED}
        </Link>
      </p>
    </Page>
  );
}
