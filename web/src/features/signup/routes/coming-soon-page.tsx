import { COMPANY } from '../../../lib/company';
import { COMING_SOON, prelaunchDone } from '@app/shared/texts';
import { useState } from 'react';
import { usePageHead } from '../../../lib/head';
import { DetailsStep } from '../components/details-step';
import { ZipStep } from '../components/zip-step';

// docs/product.md §2/§4: step 1 zip check, step 2 details form, then the on-the-list state.
const STEPS = ['Check your zip code', 'Tell us about you', "You're on the list"] as const;

type Step = { name: 'zip' } | { name: 'details'; zip: string } | { name: 'done'; zip: string };
const STEP_INDEX: Record<Step['name'], number> = { zip: 0, details: 1, done: 2 };

export function ComingSoonPage() {
  usePageHead(
    COMING_SOON,
    `${COMPANY.name} is coming to more of the Atlanta metro. Check your zip code and sign up to hear when we launch near you.`,
  );
  const [step, setStep] = useState<Step>({ name: 'zip' });
  const current = STEP_INDEX[step.name];

  return (
    <div className="prelaunch">
      <section className="hero hero--compact">
        <div className="container hero__inner">
          <p className="eyebrow">{COMPANY.name}</p>
          <h1>{COMING_SOON}</h1>
          <p className="lead">
            We are bringing careful, upfront home and office cleaning to more of the Atlanta metro. Check your zip code
            and we&apos;ll let you know when we launch near you.
          </p>
        </div>
      </section>
      <div className="container narrow section">
        <ol className="progress-steps" aria-label="Sign-up steps">
          {STEPS.map((label, i) => (
            <li key={label} aria-current={i === current ? 'step' : undefined}>
              <span className="progress-steps__number" aria-hidden="true">
                {i + 1}
              </span>
              {label}
            </li>
          ))}
        </ol>
        <section className="card prelaunch__panel" aria-labelledby="notify-heading" data-step={step.name}>
          {/* Done, focus moves to the heading (the button pressed is gone); the status says the rest. */}
          <h2 id="notify-heading" tabIndex={-1} ref={(heading) => (step.name === 'done' ? heading?.focus() : undefined)}>
            {step.name === 'done' ? STEPS[2] : 'Get notified'}
          </h2>
          {step.name === 'zip' ? <ZipStep onAccepted={(zip) => setStep({ name: 'details', zip })} /> : null}
          {step.name === 'details' ? (
            <DetailsStep
              zip={step.zip}
              onDone={() => setStep({ name: 'done', zip: step.zip })}
              onChangeZip={() => setStep({ name: 'zip' })}
            />
          ) : null}
          {/* On the page from the start, so screen readers announce what appears in it. Every zip
              here is one we serve (§5's in-area rule): never say we have not started there. */}
          <div role="status">{step.name === 'done' ? <p>{prelaunchDone(step.zip)}</p> : null}</div>
        </section>
      </div>
    </div>
  );
}
