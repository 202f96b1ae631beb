import { CLIENT_ROUTES } from '@app/shared/routes';
import { PAYMENT_SUCCESS_TITLE, VIEW_MY_CLEANINGS } from '@app/shared/texts';
import { Link } from 'react-router-dom';
import { Page } from '../../../components/page';

export function CheckoutSuccessPage() {
  return (
    <Page title={PAYMENT_SUCCESS_TITLE} heading={PAYMENT_SUCCESS_TITLE} lead="Thank you. Your payment has been received.">
      <p className="actions">
        <Link to={CLIENT_ROUTES.login} className="button">
          {VIEW_MY_CLEANINGS}
        </Link>
        <Link to={CLIENT_ROUTES.home}>Home</Link>
      </p>
    </Page>
  );
}
