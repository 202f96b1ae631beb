import { COMPANY } from '../../../lib/company';
import { isServedZip } from '@app/shared/service-area';
import { CLIENT_ROUTES } from '@app/shared/routes';
import { WAITLIST_TITLE, WAITLIST_ZIP_SERVED, waitlistDone } from '@app/shared/texts';
import { useState } from 'react';
import { Link, useSearchParams } from 'react-router';
import { Page } from '../../../components/page';
import { DetailsStep } from '../components/details-step';
import { ZipStep } from '../components/zip-step';

type Step = { name: 'zip' } | { name: 'details'; zip: string } | { name: 'done'; zip: string };

const outOfArea = (zip: string | null): zip is string => zip !== null && /^\d{5}$/.test(zip) && !isServedZip(zip);

/**
 * The out-of-area waitlist (not in the spec: the home zip checker sends a zip we do not serve
 * here, where the pre-launch page would refuse it). Opened with ?zip=; the zip step asks for one
 * when the link has none, and a zip we serve is sent to pricing instead.
 */
export function WaitlistPage() {
  const [params] = useSearchParams();
  const linked = params.get('zip');
  const [step, setStep] = useState<Step>(outOfArea(linked) ? { name: 'details', zip: linked } : { name: 'zip' });

  return (
    <Page
      title={WAITLIST_TITLE}
      description={`${COMPANY.name} is growing across the Atlanta metro. Join the waitlist and hear first when we clean in your zip code.`}
      heading={WAITLIST_TITLE}
      lead="We're adding new areas all the time. Tell us where you are and we'll let you know when we get there."
    >
      <section className="card prelaunch__panel narrow" aria-label="Waitlist">
        {step.name === 'zip' ? (
          <ZipStep list="waitlist" onAccepted={(zip) => setStep({ name: 'details', zip })} />
        ) : null}
        {step.name === 'details' ? (
          <DetailsStep
            zip={step.zip}
            list="waitlist"
            onDone={() => setStep({ name: 'done', zip: step.zip })}
            onChangeZip={() => setStep({ name: 'zip' })}
          />
        ) : null}
        {/* On the page from the start, so screen readers announce what appears in it. */}
        <div role="status">
          {step.name === 'done' ? (
            <p tabIndex={-1} ref={(message) => message?.focus()}>
              {waitlistDone(step.zip)}
            </p>
          ) : null}
        </div>
        {step.name === 'zip' && linked !== null && isServedZip(linked) ? (
          <p className="notice">
            {WAITLIST_ZIP_SERVED} <Link to={CLIENT_ROUTES.pricing}>See prices and book</Link>
          </p>
        ) : null}
      </section>
    </Page>
  );
}
