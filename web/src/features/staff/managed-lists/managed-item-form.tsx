import type { FieldValues } from 'react-hook-form';
import { Field, RequiredNote, type ControlProps } from '../../../components/form/field';
import { FormAlert } from '../../../components/form/form-alert';
import type { ManagedField, ManagedListConfig } from './managed-list-config';
import { useStaffForm } from '../common/use-staff-form';

interface ManagedItemFormProps<T extends { id: string }, TInput extends FieldValues, TOutput, TChange> {
  config: ManagedListConfig<T, TInput, TOutput, TChange>;
  /** The item being edited; null for a new one. */
  editing: T | null;
  onDone: (message: string) => void;
  onCancel: () => void;
}

/** Create or edit an item; checked with the server's schema first, then the server's own answer. */
export function ManagedItemForm<T extends { id: string }, TInput extends FieldValues, TOutput, TChange>({
  config,
  editing,
  onDone,
  onCancel,
}: ManagedItemFormProps<T, TInput, TOutput, TChange>) {
  const { form: spec, nameOf } = config;
  const { form, formRef, failure, onSubmit, showFailure } = useStaffForm(spec.schema, editing ? spec.valuesOf(editing) : spec.newValues);
  const { register, formState } = form;
  const save = config.useSave();

  const send = (values: TOutput) => {
    if (save.isPending) return;
    save.mutate(spec.change(values, editing), { onSuccess: (saved) => onDone(spec.done(saved, editing)), onError: showFailure });
  };

  const errorOf = (field: ManagedField<TInput>): string | undefined => {
    const error = (formState.errors as Partial<Record<string, { message?: string }>>)[field.name];
    return error ? (field.errorText ?? error.message) : undefined;
  };

  const control = (field: ManagedField<TInput>, props: ControlProps) => {
    if (field.control === 'textarea') return <textarea {...props} rows={field.rows} {...register(field.name)} />;
    if (field.control === 'number') return <input {...props} type="number" inputMode="numeric" step={1} {...register(field.name, { valueAsNumber: true })} />;
    if (field.control === 'text') return <input {...props} type="text" {...register(field.name)} />;
    return (
      <select {...props} {...register(field.name)}>
        {field.options?.map((option) => (
          <option key={option.value} value={option.value}>
            {option.label}
          </option>
        ))}
      </select>
    );
  };

  const fieldOf = (field: ManagedField<TInput>) => (
    <Field key={field.name} label={field.label} required hint={field.hint} error={errorOf(field)}>
      {(props) => control(field, props)}
    </Field>
  );

  return (
    <form ref={formRef} className="form" noValidate aria-busy={save.isPending} onSubmit={onSubmit(send)} aria-label={editing ? `Edit ${nameOf(editing)}` : spec.newLabel}>
      <RequiredNote />
      <div className="form-grid">{spec.fields.filter((field) => field.control !== 'textarea').map(fieldOf)}</div>
      {spec.fields.filter((field) => field.control === 'textarea').map(fieldOf)}
      <FormAlert message={failure} />
      <p className="actions">
        <button type="submit" className="button" disabled={save.isPending}>
          {save.isPending ? 'Saving…' : editing ? 'Save changes' : spec.addLabel}
        </button>
        {editing ? (
          <button type="button" className="button button--ghost" onClick={onCancel}>
            Cancel editing
          </button>
        ) : null}
      </p>
    </form>
  );
}
