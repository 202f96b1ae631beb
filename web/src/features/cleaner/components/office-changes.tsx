import { CANCELED_ON_LIST, DISMISS_CHANGE, OFFICE_CHANGES_TITLE, type RemovedCleaning } from '@app/shared/cleaner-home';
import type { CleanerDay } from '@app/shared/cleaner-day';
import { createContext, useCallback, useContext, useEffect, useMemo, useState, type ReactNode } from 'react';
import { easternClock } from './day-format';
import { readSeen, writeSeen } from '../api/seen-store';
import { officeChanges, type OfficeChange } from './office-changes-diff';

/**
 * What the office changed since the cleaner last looked (office-changes-diff.ts), as notices in
 * a live region at the top of My day, each dismissed on its own. What the page showed last is
 * kept for the tab (api/seen-store.ts).
 */

const ChangesContext = createContext<(changes: readonly OfficeChange[]) => void>(() => undefined);

/** Holds the notices of both days and shows them above the lists. */
export function OfficeChangesProvider({ children }: { children: ReactNode }) {
  const [notices, setNotices] = useState<OfficeChange[]>([]);
  const [dismissed, setDismissed] = useState<ReadonlySet<string>>(new Set());
  const add = useCallback((changes: readonly OfficeChange[]) => {
    if (changes.length === 0) return;
    setNotices((current) => [...current, ...changes.filter((c) => !current.some((n) => n.key === c.key))]);
  }, []);
  const shown = notices.filter((n) => !dismissed.has(n.key));
  return (
    <ChangesContext.Provider value={add}>
      <div role="status" aria-live="polite" className="cleaner-changes">
        {shown.length > 0 ? (
          <section className="card cleaner-changes__card" aria-labelledby="cleaner-changes-title">
            <h2 id="cleaner-changes-title" className="cleaner-changes__title">
              {OFFICE_CHANGES_TITLE}
            </h2>
            <ul className="cleaner-changes__list">
              {shown.map((n) => (
                <li key={n.key} className="cleaner-changes__item">
                  <span>{n.text}</span>
                  <button type="button" className="button button--ghost" aria-label={`${DISMISS_CHANGE}: ${n.text}`} onClick={() => setDismissed((d) => new Set(d).add(n.key))}>
                    {DISMISS_CHANGE}
                  </button>
                </li>
              ))}
            </ul>
          </section>
        ) : null}
      </div>
      {children}
    </ChangesContext.Provider>
  );
}

/** Tells the notices what a day's new answer changed, and remembers it as seen. */
export function useOfficeChanges(day: CleanerDay | undefined): void {
  const report = useContext(ChangesContext);
  useEffect(() => {
    if (!day) return;
    const { changes, next } = officeChanges(readSeen(), day);
    writeSeen(next);
    report(changes);
  }, [day, report]);
}

/** The day's cleanings the office canceled: still shown, marked so, so nobody goes. */
export function CanceledCleanings({ removed }: { removed: readonly RemovedCleaning[] }) {
  const canceled = useMemo(() => removed.filter((r) => r.reason === 'canceled' && r.scheduledAt).sort((a, b) => a.scheduledAt!.localeCompare(b.scheduledAt!)), [removed]);
  if (canceled.length === 0) return null;
  return (
    <ul className="cleaner-day__list cleaner-day__canceled">
      {canceled.map((r) => (
        <li key={r.id} className="card cleaner-day__item cleaner-day__item--canceled">
          <h3 className="cleaner-day__when">
            <s>
              <time dateTime={r.scheduledAt!}>{easternClock(r.scheduledAt!)}</time> · {r.customerFirstName ?? 'Customer'}
            </s>{' '}
            · Canceled
          </h3>
          <p>{CANCELED_ON_LIST}</p>
        </li>
      ))}
    </ul>
  );
}
