import { useId, useState } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { CHECKLIST_GROUPS, CHECKLIST_GROUP_LABELS } from '@app/shared/cleaning-checklists';
import type { CleanerCleaning, CleanerDay } from '@app/shared/cleaner-day';
import { putTick } from '../api/tick-item';
import { checklistOf } from './visit-checklist-of';

/** The day's cached lists with one cleaning's ticks replaced by the api's answer. */
function withTicks(day: CleanerDay | undefined, dealId: string, ticked: string[]): CleanerDay | undefined {
  return day ? { ...day, cleanings: day.cleanings.map((c) => (c.id === dealId ? { ...c, ticked } : c)) } : day;
}

/**
 * The visit's checklist as the cleaner goes (docs/cleaner-day.md#checklists): the service's items,
 * the paid add-ons and the rooms listed, in groups, one large checkbox each. Every tick is saved by
 * the api at once (a reload or another phone keeps it); until it answers the box shows the tap.
 */
export function VisitChecklistAsYouGo({ cleaning }: { cleaning: CleanerCleaning }) {
  const id = useId();
  const client = useQueryClient();
  const checklist = checklistOf(cleaning);
  // Taps the api has not answered yet, shown as tapped.
  const [pending, setPending] = useState<Record<string, boolean>>({});
  const [failed, setFailed] = useState<string | null>(null);
  const isTicked = (itemId: string) => pending[itemId] ?? cleaning.ticked.includes(itemId);
  const count = checklist.items.filter((i) => isTicked(i.id)).length;

  // Each tap on its own (not one mutation whose callbacks only the latest call gets): taps in a row all land.
  const toggle = async (itemId: string, label: string, ticked: boolean) => {
    setFailed(null);
    setPending((all) => ({ ...all, [itemId]: ticked }));
    try {
      const answer = await putTick(cleaning.id, itemId, ticked);
      client.setQueriesData<CleanerDay>({ queryKey: ['cleaner', 'day'] }, (day) => withTicks(day, cleaning.id, answer.ticked));
    } catch {
      setFailed(label);
    } finally {
      setPending((all) => {
        const { [itemId]: _answered, ...rest } = all;
        return rest;
      });
      void client.invalidateQueries({ queryKey: ['cleaner', 'day'] });
    }
  };

  return (
    <section className="visit-checklist" aria-labelledby={`${id}-title`}>
      <h4 id={`${id}-title`}>Checklist: {checklist.label}</h4>
      <p className="muted" aria-live="polite">
        {count} of {checklist.items.length} ticked · saved as you go
      </p>
      {CHECKLIST_GROUPS.map((group) => {
        const items = checklist.items.filter((i) => i.group === group);
        if (items.length === 0) return null;
        return (
          <fieldset key={group} className="visit-checklist__group">
            <legend>{CHECKLIST_GROUP_LABELS[group]}</legend>
            <ul className="visit-checklist__items">
              {items.map((item) => (
                <li key={item.id} className="visit-checklist__item">
                  <label className="visit-checklist__tick">
                    <input type="checkbox" checked={isTicked(item.id)} onChange={(event) => void toggle(item.id, item.label, event.target.checked)} />
                    <span>{item.label}</span>
                  </label>
                </li>
              ))}
            </ul>
          </fieldset>
        );
      })}
      {failed ? (
        <p className="alert" role="alert">
          Not saved: {failed}. Check your signal and tick it again.
        </p>
      ) : null}
    </section>
  );
}
