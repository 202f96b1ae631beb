import { BRAND } from '@app/shared/brand';
import { formatUsPhone } from '@app/shared/phone';

/** Beside the booking form: a person to call, when, and what the company stands behind. */
export function TrustPanel() {
  return (
    <section className="trust-panel" aria-labelledby="trust-heading">
      <h2 id="trust-heading">Booking with confidence</h2>
      <p>
        Questions? Call <a href={`tel:${BRAND.phone}`}>{formatUsPhone(BRAND.phone)}</a>
        <br />
        <span className="fine-print">{BRAND.hours}</span>
      </p>
      <ul className="check-list">
        {BRAND.trust.map((line) => (
          <li key={line}>{line}</li>
        ))}
      </ul>
    </section>
  );
}
