import { CAREER_ICONS, CAREER_STATUSES, careerCreateSchema } from '@app/shared/staff-admin';
import { useRef, useState, type FormEvent } from 'react';
import { Field, RequiredNote } from '../../../components/form/field';
import { focusFirstError } from '../../../components/form/focus-first-error';
import { FormAlert } from '../../../components/form/form-alert';
import type { ManagedCareer } from '../api/manage-careers';
import { useSaveCareer } from '../api/manage-careers';
import { failureText, StaffRequestError } from '../api/send-staff-json';
import { firstErrorPerField } from './field-errors';

const FIELDS = ['title', 'description', 'location', 'type', 'status', 'icon'] as const;
type FieldName = (typeof FIELDS)[number];
type Values = Record<FieldName, string>;
const NEW: Values = { title: '', description: '', location: '', type: '', status: 'Open', icon: 'default' };
const isField = (name: string | undefined): name is FieldName => (FIELDS as readonly string[]).includes(name ?? '');
const ICON_LABELS: Record<(typeof CAREER_ICONS)[number], string> = { Truck: 'Truck', default: 'Default' };

const valuesOf = (c: ManagedCareer): Values => ({
  title: c.title,
  description: c.description,
  location: c.location,
  type: c.type,
  status: c.status === 'Open' ? 'Open' : 'Closed',
  icon: c.icon === 'Truck' ? 'Truck' : 'default',
});

interface CareerFormProps {
  /** The listing being edited; null for a new one. */
  editing: ManagedCareer | null;
  onDone: (message: string) => void;
  onCancel: () => void;
}

/** Create or edit a listing; checked with the server's schema first, then the server's own answer. */
export function CareerForm({ editing, onDone, onCancel }: CareerFormProps) {
  const [values, setValues] = useState<Values>(editing ? valuesOf(editing) : NEW);
  const [fieldErrors, setFieldErrors] = useState<Partial<Values>>({});
  const [failure, setFailure] = useState<string | null>(null);
  const save = useSaveCareer();
  const formRef = useRef<HTMLFormElement>(null);
  const set = (name: FieldName) => (event: { target: { value: string } }) => setValues((v) => ({ ...v, [name]: event.target.value }));

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    if (save.isPending) return;
    setFailure(null);
    const parsed = careerCreateSchema.safeParse(values);
    if (!parsed.success) {
      setFieldErrors(firstErrorPerField(parsed.error, FIELDS));
      focusFirstError(formRef.current);
      return;
    }
    setFieldErrors({});
    const { sortOrder: _sortOrder, ...fields } = parsed.data;
    save.mutate(editing ? { id: editing.id, fields } : { id: null, fields }, {
      onSuccess: (saved) => onDone(editing ? `Saved “${saved.title}”.` : `Added “${saved.title}”. It shows on the Careers page.`),
      onError: (error) => {
        const field = error instanceof StaffRequestError ? error.field : undefined;
        if (isField(field)) {
          setFieldErrors({ [field]: failureText(error) });
          focusFirstError(formRef.current);
        } else setFailure(failureText(error));
      },
    });
  };

  return (
    <form ref={formRef} className="form" noValidate aria-busy={save.isPending} onSubmit={onSubmit} aria-label={editing ? `Edit ${editing.title}` : 'New listing'}>
      <RequiredNote />
      <div className="form-grid">
        <Field label="Title" required error={fieldErrors.title}>
          {(props) => <input {...props} type="text" value={values.title} onChange={set('title')} />}
        </Field>
        <Field label="Location" required error={fieldErrors.location}>
          {(props) => <input {...props} type="text" value={values.location} onChange={set('location')} />}
        </Field>
        <Field label="Employment type" required hint="For example Full-time or Part-time." error={fieldErrors.type}>
          {(props) => <input {...props} type="text" value={values.type} onChange={set('type')} />}
        </Field>
        <Field label="Status" required error={fieldErrors.status}>
          {(props) => (
            <select {...props} value={values.status} onChange={set('status')}>
              {CAREER_STATUSES.map((s) => (
                <option key={s} value={s}>
                  {s}
                </option>
              ))}
            </select>
          )}
        </Field>
        <Field label="Icon" required error={fieldErrors.icon}>
          {(props) => (
            <select {...props} value={values.icon} onChange={set('icon')}>
              {CAREER_ICONS.map((i) => (
                <option key={i} value={i}>
                  {ICON_LABELS[i]}
                </option>
              ))}
            </select>
          )}
        </Field>
      </div>
      <Field label="Description" required error={fieldErrors.description}>
        {(props) => <textarea {...props} rows={5} value={values.description} onChange={set('description')} />}
      </Field>
      <FormAlert message={failure} />
      <p className="actions">
        <button type="submit" className="button" disabled={save.isPending}>
          {save.isPending ? 'Saving…' : editing ? 'Save changes' : 'Add listing'}
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
