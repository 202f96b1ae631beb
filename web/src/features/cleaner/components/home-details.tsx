import type { CleanerCleaning } from '@app/shared/cleaner-day';
import { STAGE } from '@app/shared/deal-stages';
import { HOME_FIELDS } from '@app/shared/home-profile';
import { CodeReveal } from './code-reveal';

/**
 * Under a cleaning on My day: the home profile as the customer wrote it (how to get in, parking,
 * pets, what to take care of) and the entry codes, each revealed on the day only.
 */
export function HomeDetails({ cleaning }: { cleaning: CleanerCleaning }) {
  const fields = cleaning.home ? HOME_FIELDS.flatMap((f) => (cleaning.home?.[f.key] ? [{ label: f.label, text: cleaning.home[f.key] }] : [])) : [];
  if (fields.length === 0 && cleaning.codes.length === 0) return null;
  const done = cleaning.stageId === STAGE.CLEANING_DONE;
  return (
    <div role="group" aria-label={`Home of ${cleaning.customerFirstName ?? 'the customer'}`} className="cleaner-home">
      {fields.length > 0 ? (
        <dl className="cleaner-home__fields">
          {fields.map((f) => (
            <div key={f.label}>
              <dt>{f.label}</dt>
              <dd>{f.text}</dd>
            </div>
          ))}
        </dl>
      ) : null}
      {cleaning.codes.length > 0 ? (
        <ul className="cleaner-home__codes" aria-label="Entry codes">
          {cleaning.codes.map((code) => (
            <CodeReveal key={code.id} dealId={cleaning.id} code={code} today={cleaning.codesToday} done={done} />
          ))}
        </ul>
      ) : null}
    </div>
  );
}
