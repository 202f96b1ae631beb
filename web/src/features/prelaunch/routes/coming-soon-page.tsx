import { BRAND } from '@app/shared/brand';
import { COMING_SOON } from '@app/shared/texts';
import { usePageHead } from '../../../lib/head';

// Spec §2/§4: step 1 zip check, step 2 details form, then the on-the-list state.
const STEPS = ['Check your zip code', 'Tell us about you', "You're on the list"] as const;

/**
 * The pre-launch page's layout. The notify-me form (its steps and validation) arrives with the
 * public-requests work and goes into the panel.
 */
export function ComingSoonPage() {
  usePageHead(
    COMING_SOON,
    `${BRAND.name} is coming to more of the Atlanta metro. Check your zip code and sign up to hear when we launch near you.`,
  );
  return (
    <div className="prelaunch">
      <section className="hero hero--compact">
        <div className="container hero__inner">
          <p className="eyebrow">{BRAND.name}</p>
          <h1>{COMING_SOON}</h1>
          <p className="lead">
            We are bringing careful, upfront home and office cleaning to more of the Atlanta metro. Check your zip code
            and we&apos;ll let you know when we launch near you.
          </p>
        </div>
      </section>
      <div className="container narrow section">
        <ol className="progress-steps" aria-label="Sign-up steps">
          {STEPS.map((step, i) => (
            <li key={step} aria-current={i === 0 ? 'step' : undefined}>
              <span className="progress-steps__number" aria-hidden="true">
                {i + 1}
              </span>
              {step}
            </li>
          ))}
        </ol>
        <section className="card prelaunch__panel" aria-labelledby="notify-heading">
          <h2 id="notify-heading">Get notified</h2>
          <p>
            Sign-up opens here shortly. In the meantime, e-mail us at <a href={`mailto:${BRAND.email}`}>{BRAND.email}</a>{' '}
            with your zip code and we will add you to the list.
          </p>
        </section>
      </div>
    </div>
  );
}
