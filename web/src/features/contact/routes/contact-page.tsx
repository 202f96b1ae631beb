import { BRAND } from '@app/shared/brand';
import { Page } from '../../../components/page';

// The support ticket form arrives with the public-requests work; until then, e-mail reaches us.
export function ContactPage() {
  return (
    <Page
      title="Contact"
      description={`Questions about a cleaning, a booking or our service area? Contact ${BRAND.name}; we reply within 24 hours.`}
      heading="Contact Us"
      lead="Questions about a cleaning? Send us a support ticket and we'll reply within 24 hours."
    >
      <p>
        E-mail: <a href={`mailto:${BRAND.email}`}>{BRAND.email}</a>
      </p>
    </Page>
  );
}
