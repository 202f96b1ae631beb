import { zodResolver } from '@hookform/resolvers/zod';
import { useId } from 'react';
import { useForm, useWatch } from 'react-hook-form';
import { visitDoneSchema, type ChecklistAnswer, type ChecklistResult, type VisitChecklist, type VisitDoneInput } from '@app/shared/cleaning-checklists';

type Answers = Record<string, ChecklistAnswer>;

/**
 * Done's last step (docs/cleaner-day.md): the items ticked as the cleaner went are kept by the
 * api, so only the unticked ones are listed, each with its box (ticked after all) or "Why not?".
 * The form's schema is the api's, so an error names the item. With every item ticked there is
 * nothing to fill in.
 */
export function ChecklistForm(props: { checklist: VisitChecklist; ticked: readonly string[]; pending: boolean; onDone: (checklist: Answers) => void; onCancel: () => void }) {
  const { checklist, ticked, pending, onDone, onCancel } = props;
  const id = useId();
  const open = checklist.items.filter((i) => !ticked.includes(i.id));
  const form = useForm<VisitDoneInput, unknown, { checklist: ChecklistResult }>({
    resolver: zodResolver(visitDoneSchema(checklist.items, ticked)),
    defaultValues: { checklist: Object.fromEntries(open.map((i) => [i.id, { ticked: false, reason: '' }])) },
  });
  const answers = useWatch({ control: form.control, name: 'checklist' });
  const errors = form.formState.errors.checklist as Record<string, { message?: string } | undefined> | undefined;
  // Only what the api does not have yet: the unticked items, ticked now or with their reason.
  const submit = form.handleSubmit((values) =>
    onDone(Object.fromEntries(open.map(({ id: itemId }) => [itemId, values.checklist[itemId] === true ? { ticked: true } : { ticked: false, reason: String(values.checklist[itemId]) }]))),
  );

  return (
    <form className="visit-checklist" onSubmit={submit} aria-labelledby={`${id}-title`} noValidate>
      <h4 id={`${id}-title`}>Finish: {checklist.label}</h4>
      {open.length === 0 ? <p>Every item is ticked.</p> : <p>Not ticked: tick it, or say why it was not done.</p>}
      <ul className="visit-checklist__items">
        {open.map((item) => {
          const error = errors?.[item.id]?.message;
          const isTicked = answers?.[item.id]?.ticked ?? false;
          const reasonId = `${id}-${item.id}-reason`;
          return (
            <li key={item.id} className="visit-checklist__item">
              <label className="visit-checklist__tick">
                <input type="checkbox" {...form.register(`checklist.${item.id}.ticked`)} aria-describedby={error && isTicked ? `${reasonId}-error` : undefined} />
                <span>{item.label}</span>
              </label>
              {isTicked ? null : (
                <p className="visit-checklist__reason">
                  <label htmlFor={reasonId}>Why not? ({item.label})</label>
                  <input
                    id={reasonId}
                    maxLength={200}
                    autoComplete="off"
                    aria-invalid={error ? true : undefined}
                    aria-describedby={error ? `${reasonId}-error` : undefined}
                    {...form.register(`checklist.${item.id}.reason`)}
                  />
                </p>
              )}
              {error ? (
                <p className="field-error" id={`${reasonId}-error`}>
                  {item.label}: {error}
                </p>
              ) : null}
            </li>
          );
        })}
      </ul>
      <p className="visit-actions__row">
        <button type="submit" className="button visit-actions__big" disabled={pending}>
          Finish: cleaning done
        </button>
        <button type="button" className="button button--ghost visit-actions__big" onClick={onCancel}>
          Back
        </button>
      </p>
    </form>
  );
}
