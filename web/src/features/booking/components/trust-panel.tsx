import { trustStatements } from '@app/shared/company';
import { CallUs } from '../../../components/company-contact';
import { COMPANY } from '../../../lib/company';

/** Beside the booking form: a person to call, when, and what the company stands behind. */
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
    </section>
  );
}
