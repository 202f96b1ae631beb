import { CLIENT_ROUTES } from '@app/shared/routes';
import { Link } from 'react-router-dom';
import { Page } from '../../../components/page';

export function CheckoutSuccessPage() {
  return (
    <Page title="Payment Successful" heading="Payment Successful" lead="Thank you. Your payment has been received.">
      <p className="actions">
        <Link to={CLIENT_ROUTES.login} className="button">
          View My Cleanings
        </Link>
        <Link to={CLIENT_ROUTES.home}>Home</Link>
      </p>
    </Page>
  );
}
