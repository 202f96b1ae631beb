import { CLIENT_ROUTES } from '@app/shared/routes';
import { SCHEDULE_SERVICE } from '@app/shared/texts';
import { Link } from 'react-router-dom';
import { Page } from '../../../components/page';

// Card names of spec §2. The full cards (prices, features, sizes) come with the pricing page;
// until then each link already carries the `service` parameter the booking page requires.
const SERVICES = ['Basic Clean', 'Deep Clean', 'Recurring Clean', 'Full Move Service'] as const;

export function PricingPage() {
  return (
    <Page title="Pricing" heading="Pricing" lead="Starting prices are confirmed after your free 15-minute assessment.">
      <ul className="card-list">
        {SERVICES.map((service) => (
          <li key={service} className="card">
            <h2>{service}</h2>
            <Link
              to={{ pathname: CLIENT_ROUTES.booking, search: `?${new URLSearchParams({ service })}` }}
              aria-label={`${SCHEDULE_SERVICE}: ${service}`}
            >
              {SCHEDULE_SERVICE}
            </Link>
          </li>
        ))}
      </ul>
    </Page>
  );
}
