import { CODE_CLEANING_DONE, CODE_ON_THE_DAY, hideCodeLabel, showCodeLabel, type CleanerCode } from '@app/shared/cleaner-home';
import { HOME_SECRET_KIND_LABELS } from '@app/shared/home-profile';
import { useEffect, useRef, useState } from 'react';
import { ApiError } from '../../../lib/api-client';
import { revealCode } from '../api/reveal-code';

const COULD_NOT_SHOW = 'The code could not be shown just now. Please try again.';

/**
 * One entry code of a cleaning: its name and kind; on the day, "Show code" reveals the value in
 * place (the api records the view) and "Hide code" forgets it again. The value is kept in this
 * component's state only, dropped when hidden or when the component goes.
 */
export function CodeReveal({ dealId, code, today, done }: { dealId: string; code: CleanerCode; today: boolean; done: boolean }) {
  const [value, setValue] = useState<string | null>(null);
  const [asking, setAsking] = useState(false);
  const [failure, setFailure] = useState<string | null>(null);
  const alive = useRef(true);
  useEffect(() => {
    alive.current = true;
    return () => {
      alive.current = false;
    };
  }, []);

  const show = async () => {
    setAsking(true);
    setFailure(null);
    try {
      const answer = await revealCode(dealId, code.id);
      if (alive.current) setValue(answer.value);
    } catch (error) {
      if (alive.current) setFailure(error instanceof ApiError && error.kind === 'status' && error.serverMessage ? error.serverMessage : COULD_NOT_SHOW);
    } finally {
      if (alive.current) setAsking(false);
    }
  };

  const kind = HOME_SECRET_KIND_LABELS[code.kind];
  return (
    <li className="cleaner-code">
      <span className="cleaner-code__name">
        {code.label} <span className="muted">({kind})</span>
      </span>
      {!today ? (
        <span className="muted">{done ? CODE_CLEANING_DONE : CODE_ON_THE_DAY}</span>
      ) : value === null ? (
        <button type="button" className="button button--small" aria-label={showCodeLabel(code.label)} disabled={asking} onClick={() => void show()}>
          Show code
        </button>
      ) : (
        <span className="cleaner-code__value">
          <strong data-revealed-code="">{value}</strong>{' '}
          <button type="button" className="button button--ghost button--small" aria-label={hideCodeLabel(code.label)} onClick={() => setValue(null)}>
            Hide code
          </button>
        </span>
      )}
      {failure ? (
        <span className="alert cleaner-code__failure" role="alert">
          {failure}
        </span>
      ) : null}
    </li>
  );
}
