import { findProduct } from '@app/shared/catalogue';
import { ASSESSMENT_MINUTES, FIRST_BOOKING_DISCOUNT_PERCENT } from '@app/shared/constants';
import { CLIENT_ROUTES } from '@app/shared/routes';
import { ADD_ONS } from '@app/shared/services';
import { COMMERCIAL_COMING_SOON, SCHEDULE_SERVICE } from '@app/shared/marketing-texts';
import { Link } from 'react-router';
import { CheckIcon } from '../../../components/icons';
import { Page } from '../../../components/page';
import { SiteImage } from '../../../components/site-image';
import { bookingHref } from '../../../lib/booking-link';
import { formatDollars } from '../../../lib/money';
import { PRICING_PLANS, type PricingPlan } from '../content/pricing-plans';

const STEPS = [
  { title: 'Choose a service', text: 'Pick the cleaning that fits your home and press Schedule Service.' },
  { title: 'Send your request', text: 'Tell us about your home and a preferred date. We reply within 24 hours.' },
  {
    title: `Free ${ASSESSMENT_MINUTES}-minute assessment`,
    text: 'A short walkthrough, in person or by video, so we know exactly what your home needs.',
  },
  { title: 'Confirm and relax', text: 'Your price is confirmed before any work begins. Then we schedule your cleaning.' },
] as const;

const price = (cents: number | null) => (cents === null ? 'Custom quote' : formatDollars(cents));

function PlanCard({ plan }: { plan: PricingPlan }) {
  const headingId = `plan-${plan.booking.service.toLowerCase().replace(/\W+/g, '-')}`;
  return (
    <li className="card plan">
      <h3 id={headingId}>{plan.family}</h3>
      <p>{plan.summary}</p>
      <p className="plan__from">
        From <strong>{formatDollars(plan.booking.price * 100)}</strong>
      </p>
      <table className="price-table">
        <caption className="visually-hidden">{plan.family} starting prices by home size</caption>
        <thead>
          <tr>
            <th scope="col">Home size</th>
            {(plan.columns ?? ['Starting price']).map((column) => (
              <th key={column} scope="col">
                {column}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {plan.rows.map((row) => (
            <tr key={row.band}>
              <th scope="row">{row.band}</th>
              {row.cents.map((cents, i) => (
                <td key={i}>{price(cents)}</td>
              ))}
            </tr>
          ))}
        </tbody>
      </table>
      <ul className="check-list">
        {plan.booking.features.map((feature) => (
          <li key={feature}>
            <CheckIcon />
            {feature}
          </li>
        ))}
      </ul>
      <Link to={bookingHref(plan.booking)} className="button plan__cta" aria-label={`${SCHEDULE_SERVICE}: ${plan.family}`}>
        {SCHEDULE_SERVICE}
      </Link>
    </li>
  );
}

export function PricingPage() {
  const organization = findProduct('organization-hourly');
  return (
    <Page
      title="Pricing"
      description="Starting prices for basic, deep, recurring and move in/out cleaning in metro Atlanta by home size, plus hourly organization and add-ons. Free 15-minute assessment."
      heading="Pricing"
      lead={`Simple starting prices by home size. Every booking includes a free ${ASSESSMENT_MINUTES}-minute assessment, and your first booking is ${FIRST_BOOKING_DISCOUNT_PERCENT}% off.`}
    >
      <section aria-labelledby="how-booking-works" className="section">
        <h2 id="how-booking-works">How booking works</h2>
        <ol className="steps">
          {STEPS.map((step) => (
            <li key={step.title}>
              <h3>{step.title}</h3>
              <p>{step.text}</p>
            </li>
          ))}
        </ol>
      </section>

      <section aria-labelledby="services" className="section">
        <h2 id="services">Cleaning services</h2>
        <ul className="plans">
          {PRICING_PLANS.map((plan) => (
            <PlanCard key={plan.family} plan={plan} />
          ))}
        </ul>
        <p className="fine-print">
          Homes over 2,000 sq ft get a custom quote after the assessment. Prices are starting prices; your final price
          is confirmed before any work begins.
        </p>
      </section>

      <section aria-labelledby="more-services" className="section two-up">
        <div className="card">
          <h2 id="more-services">Organization</h2>
          <p className="plan__from">
            <strong>{organization?.priceCents ? formatDollars(organization.priceCents) : 'Custom quote'}</strong> per hour
          </p>
          <p>Closets, pantries, garages and playrooms sorted and set up so they stay that way. Book it on its own or add hours to any cleaning.</p>
          <Link to={CLIENT_ROUTES.contact}>Ask about organization</Link>
        </div>
        <div className="card card--muted">
          <h2>
            Commercial Cleaning <span className="tag tag--muted">{COMMERCIAL_COMING_SOON}</span>
          </h2>
          <p>Offices, studios and small businesses. We are preparing our commercial service and will announce it soon.</p>
          <button type="button" className="button" disabled>
            {COMMERCIAL_COMING_SOON}
          </button>
        </div>
      </section>

      <section aria-labelledby="add-ons" className="section media-split">
        <div>
          <h2 id="add-ons">Add-ons</h2>
          <p>Add any of these to a cleaning when you book or during your assessment.</p>
          <ul className="add-ons">
            {ADD_ONS.map((addOn) => (
              <li key={addOn.id}>
                <span>{addOn.name}</span>
                <strong>{addOn.priceCents === null ? 'Quoted at assessment' : formatDollars(addOn.priceCents)}</strong>
              </li>
            ))}
          </ul>
        </div>
        <SiteImage slot="services" sizes="(min-width: 48rem) 40vw, 100vw" />
      </section>
    </Page>
  );
}
