import { COMPANY } from '../../../lib/company';
import { Page } from '../../../components/page';
import { ContactForm } from '../components/contact-form';

export function ContactPage() {
  return (
    <Page
      title="Contact"
      description={`Questions about a cleaning, a booking or our service area? Contact ${COMPANY.name}; we reply within 24 hours.`}
      heading="Contact Us"
      lead="Questions about a cleaning? Send us a support ticket and we'll reply within 24 hours."
    >
      <div className="narrow">
        <ContactForm />
        <p className="fine-print">
          Prefer e-mail? Write to <a href={`mailto:${COMPANY.email}`}>{COMPANY.email}</a>.
        </p>
      </div>
    </Page>
  );
}
