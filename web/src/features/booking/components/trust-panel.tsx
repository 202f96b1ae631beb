import { trustStatements } from '@app/shared/company';
import { CallUs } from '../../../components/company-contact';
import { TestimonialList } from '../../../components/testimonial-list';
import { COMPANY } from '../../../lib/company';

/** Beside the booking form: a person to call, when, what the company stands behind, and a customer's word. */
export function TrustPanel() {
  return (
    <section className="trust-panel" aria-labelledby="trust-heading">
      <h2 id="trust-heading">Booking with confidence</h2>
      <CallUs />
      <ul className="check-list">
        {trustStatements(COMPANY).map((line) => (
          <li key={line}>{line}</li>
        ))}
      </ul>
      <TestimonialList testimonials={COMPANY.testimonials.slice(0, 1)} />
    </section>
  );
}
