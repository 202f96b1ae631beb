import { zodResolver } from '@hookform/resolvers/zod';
import { useId } from 'react';
import { useForm, useWatch } from 'react-hook-form';
import { CHECKLISTS, visitDoneSchema, type ChecklistAnswer, type ChecklistFamily, type ChecklistResult, type VisitDoneInput } from '@app/shared/cleaning-checklists';

type Values = { checklist: Record<string, ChecklistAnswer> };

/** The answers as the api takes them, from what the schema kept (true, or the reason). */
const answersOf = (result: ChecklistResult): Values['checklist'] =>
  Object.fromEntries(Object.entries(result).map(([id, v]) => [id, v === true ? { ticked: true } : { ticked: false, reason: v }]));

/**
 * Done's checklist (docs/cleaner-day.md): one large checkbox per item of the service's list; an
 * unticked item asks "Why not?". The form's schema is the api's, so an error names the item.
 */
export function ChecklistForm(props: { family: ChecklistFamily; pending: boolean; onDone: (checklist: Values['checklist']) => void; onCancel: () => void }) {
  const { family, pending, onDone, onCancel } = props;
  const id = useId();
  const items = CHECKLISTS[family].items;
  const form = useForm<VisitDoneInput, unknown, { checklist: ChecklistResult }>({
    resolver: zodResolver(visitDoneSchema(family)),
    defaultValues: { checklist: Object.fromEntries(items.map((i) => [i.id, { ticked: false, reason: '' }])) },
  });
  const answers = useWatch({ control: form.control, name: 'checklist' });
  const errors = form.formState.errors.checklist as Record<string, { message?: string } | undefined> | undefined;
  const submit = form.handleSubmit((values) => onDone(answersOf(values.checklist)));

  return (
    <form className="visit-checklist" onSubmit={submit} aria-labelledby={`${id}-title`} noValidate>
      <h4 id={`${id}-title`}>Checklist: {CHECKLISTS[family].label}</h4>
      <ul className="visit-checklist__items">
        {items.map((item) => {
          const error = errors?.[item.id]?.message;
          const ticked = answers?.[item.id]?.ticked ?? false;
          const reasonId = `${id}-${item.id}-reason`;
          return (
            <li key={item.id} className="visit-checklist__item">
              <label className="visit-checklist__tick">
                <input type="checkbox" {...form.register(`checklist.${item.id}.ticked`)} aria-describedby={error && ticked ? `${reasonId}-error` : undefined} />
                <span>{item.label}</span>
              </label>
              {ticked ? null : (
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
