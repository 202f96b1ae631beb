import { ASSESSMENT_MINUTES, FIRST_BOOKING_DISCOUNT_PERCENT } from '@app/shared/constants';
import { CLIENT_ROUTES } from '@app/shared/routes';
import { COMING_SOON, GET_STARTED } from '@app/shared/marketing-texts';
import { Link } from 'react-router';
import { trustStatements } from '@app/shared/company';
import { CallUs } from '../../../components/company-contact';
import { CheckIcon } from '../../../components/icons';
import { SiteImage } from '../../../components/site-image';
import { ReviewSourceLink, TestimonialList } from '../../../components/testimonial-list';
import { COMPANY } from '../../../lib/company';
import { usePageHead } from '../../../lib/head';
import { PromoTerms } from '../components/promo-terms';
import { ZipChecker } from '../components/zip-checker';
import { SOLUTIONS } from '../content/home-content';

// What docs/product.md promises every customer (§1, §9).
const PROMISES = [
  `A free ${ASSESSMENT_MINUTES}-minute assessment, in person or by video`,
  'Your price confirmed before any work begins',
  'A reply to every request within 24 hours',
  'Trained cleaners and the same checklist every visit',
] as const;

export function HomePage() {
  // The home page keeps the site's default title.
  usePageHead(
    undefined,
    'Home and office cleaning across metro Atlanta: basic, deep, recurring and move in/out cleans. Check your zip code, see prices and get a reply within 24 hours.',
  );
  return (
    <>
      <section className="hero">
        <div className="container hero__inner">
          <div className="hero__copy">
            <p className="eyebrow">Metro Atlanta home &amp; office cleaning</p>
            <h1>A spotless home, without the hassle</h1>
            <p className="lead">
              Careful, reliable cleaners for houses, apartments and move-outs. Every booking starts with a free{' '}
              {ASSESSMENT_MINUTES}-minute assessment, and your price is confirmed before any work begins.
            </p>
            <p className="actions">
              <Link to={CLIENT_ROUTES.pricing} className="button button--large">
                {GET_STARTED}
              </Link>
              <a href="#zip-check" className="button button--ghost">
                Check your zip code
              </a>
            </p>
            <p className="promo">
              <span className="tag">{FIRST_BOOKING_DISCOUNT_PERCENT}% off</span> your first booking. <PromoTerms />
            </p>
          </div>
          <div className="hero__aside">
            <SiteImage slot="home-hero" sizes="(min-width: 60rem) 40vw, 100vw" priority className="site-image hero__image" />
            <div className="hero__card">
              <h2>Every booking includes</h2>
              <ul className="check-list">
                {PROMISES.map((promise) => (
                  <li key={promise}>
                    <CheckIcon />
                    {promise}
                  </li>
                ))}
              </ul>
            </div>
          </div>
        </div>
      </section>

      <section className="section container" aria-labelledby="solutions">
        <h2 id="solutions">Cleaning that fits how you live and work</h2>
        <ul className="card-list">
          {SOLUTIONS.map((solution) => (
            <li key={solution.title} className="card">
              <h3>
                {solution.title}
                {solution.soon ? (
                  <>
                    {' '}
                    <span className="tag tag--muted">{COMING_SOON}</span>
                  </>
                ) : null}
              </h3>
              <p>{solution.text}</p>
              <Link to={solution.link.to}>{solution.link.label}</Link>
            </li>
          ))}
        </ul>
      </section>

      <section id="zip-check" className="section band" aria-labelledby="zip-heading">
        <div className="container narrow">
          <h2 id="zip-heading">Do we clean in your area?</h2>
          <p>{COMPANY.serviceArea} Enter your zip code to find out.</p>
          <ZipChecker />
        </div>
      </section>

      <section className="section container trust" aria-labelledby="trust">
        <SiteImage slot="home-trust" sizes="(min-width: 48rem) 40vw, 100vw" />
        <div>
          <h2 id="trust">Cleaners you can trust in your home</h2>
          <ul className="check-list">
            {trustStatements(COMPANY).map((line) => (
              <li key={line}>
                <CheckIcon />
                {line}
              </li>
            ))}
          </ul>
          <CallUs lead="Talk to a person:" />
        </div>
      </section>

      <section className="section container" aria-labelledby="testimonials">
        <h2 id="testimonials">What our customers say</h2>
        {/* docs/product.md §2: three static testimonials, each with its rating and where it was published. */}
        <TestimonialList testimonials={COMPANY.testimonials.slice(0, 3)} />
        <ReviewSourceLink />
      </section>
    </>
  );
}
