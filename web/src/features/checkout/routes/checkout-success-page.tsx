import { CLIENT_ROUTES } from '@app/shared/routes';
import { PAYMENT_SUCCESS_TITLE, VIEW_MY_CLEANINGS } from '@app/shared/texts';
import { Link } from 'react-router';
import { CheckIcon } from '../../../components/icons';
import { Page } from '../../../components/page';

export function CheckoutSuccessPage() {
  return (
    <Page
      title={PAYMENT_SUCCESS_TITLE}
      description="Your payment has been received. Sign in to see your cleanings and invoices."
      heading={
        <>
          <CheckIcon width="32" height="32" className="success-icon" />
          {PAYMENT_SUCCESS_TITLE}
        </>
      }
      lead="Thank you. Your payment has been received, and your invoice will show as paid in your account shortly."
    >
      <p className="actions">
        <Link to={CLIENT_ROUTES.login} className="button">
          {VIEW_MY_CLEANINGS}
        </Link>
        <Link to={CLIENT_ROUTES.home} className="button button--ghost">
          Home
        </Link>
      </p>
    </Page>
  );
}
