import { COMPANY } from '../../../lib/company';
import { ASSESSMENT_MINUTES } from '@app/shared/constants';
import { CLIENT_ROUTES } from '@app/shared/routes';
import { Link } from 'react-router';
import { Page } from '../../../components/page';
import { SiteImage } from '../../../components/site-image';

// docs/product.md §2 About: three value cards.
const VALUES = [
  {
    title: 'Reliable',
    text: 'We arrive in the window we agreed, follow the same checklist every time and answer every request within 24 hours.',
  },
  {
    title: 'Upfront',
    text: `A free ${ASSESSMENT_MINUTES}-minute assessment before the first visit, and a price confirmed before any work begins. No surprise fees.`,
  },
  {
    title: 'Careful',
    text: 'We treat your home the way we treat our own: furniture, floors and finishes handled with care, and your privacy respected.',
  },
] as const;

export function AboutPage() {
  return (
    <Page
      title="About"
      description={`${COMPANY.name} is a local cleaning company founded in ${COMPANY.established}, serving homes across the Atlanta metro with reliable, upfront and careful cleaning.`}
      heading="About Us"
      lead={`A local cleaning company serving homes and offices across the Atlanta metro since ${COMPANY.established}.`}
    >
      <section className="section" aria-labelledby="values">
        <h2 id="values">What we stand for</h2>
        <ul className="card-list">
          {VALUES.map((value) => (
            <li key={value.title} className="card">
              <h3>{value.title}</h3>
              <p>{value.text}</p>
            </li>
          ))}
        </ul>
      </section>

      <section className="section media-split" aria-labelledby="history">
        <div className="prose">
          <h2 id="history">Our story</h2>
          <p>
            {COMPANY.name} was founded in {COMPANY.established} with a simple idea: booking a cleaner should be easy, the price
            should be clear before anyone picks up a mop, and the result should be the same high standard on every
            visit.
          </p>
          <p>
            We started with houses and apartments in our own neighborhoods and added move in / move out cleaning for
            renters, owners and landlords. Today we clean homes across the metro, and we are preparing a commercial
            service for offices and small businesses.
          </p>
          <p>
            Every new customer starts with a short assessment, in person or by video. It lets us plan the right clean for
            your home and confirm your price up front.
          </p>
          <p>{COMPANY.serviceArea}</p>
        </div>
        <SiteImage slot="about" sizes="(min-width: 48rem) 40vw, 100vw" />
      </section>

      <section className="section callout" aria-labelledby="repairs">
        <h2 id="repairs">Need a repair?</h2>
        <p>
          While cleaning we sometimes notice a dripping faucet, a loose cabinet door or a light fixture that needs
          attention. We don&apos;t do repairs ourselves, but we work with a trusted local repair partner and are happy to
          introduce you. Just mention it to your cleaner or <Link to={CLIENT_ROUTES.contact}>contact us</Link>.
        </p>
      </section>
    </Page>
  );
}
