import { CAREER_ICONS, CAREER_STATUSES, careerCreateSchema, type CareerCreateInput } from '@app/shared/staff-admin';
import { Field, RequiredNote } from '../../../components/form/field';
import { FormAlert } from '../../../components/form/form-alert';
import type { ManagedCareer } from '../api/manage-careers';
import { useSaveCareer } from '../api/manage-careers';
import { useStaffForm } from './use-staff-form';

const NEW = { title: '', description: '', location: '', type: '', status: 'Open', icon: 'default' } as const;
const ICON_LABELS: Record<(typeof CAREER_ICONS)[number], string> = { Truck: 'Truck', default: 'Default' };

const valuesOf = (c: ManagedCareer) => ({
  title: c.title,
  description: c.description,
  location: c.location,
  type: c.type,
  status: c.status === 'Open' ? ('Open' as const) : ('Closed' as const),
  icon: c.icon === 'Truck' ? ('Truck' as const) : ('default' as const),
});

interface CareerFormProps {
  /** The listing being edited; null for a new one. */
  editing: ManagedCareer | null;
  onDone: (message: string) => void;
  onCancel: () => void;
}

/** Create or edit a listing; checked with the server's schema first, then the server's own answer. */
export function CareerForm({ editing, onDone, onCancel }: CareerFormProps) {
  const { form, formRef, failure, onSubmit, showFailure } = useStaffForm(careerCreateSchema, editing ? valuesOf(editing) : NEW);
  const { register, formState: { errors } } = form;
  const save = useSaveCareer();

  const send = (listing: CareerCreateInput) => {
    if (save.isPending) return;
    // The order is not on this form: a save leaves it as it is.
    const { sortOrder: _sortOrder, ...fields } = listing;
    save.mutate(editing ? { id: editing.id, fields } : { id: null, fields }, {
      onSuccess: (saved) => onDone(editing ? `Saved “${saved.title}”.` : `Added “${saved.title}”. It shows on the Careers page.`),
      onError: showFailure,
    });
  };

  return (
    <form ref={formRef} className="form" noValidate aria-busy={save.isPending} onSubmit={onSubmit(send)} aria-label={editing ? `Edit ${editing.title}` : 'New listing'}>
      <RequiredNote />
      <div className="form-grid">
        <Field label="Title" required error={errors.title?.message}>
          {(props) => <input {...props} type="text" {...register('title')} />}
        </Field>
        <Field label="Location" required error={errors.location?.message}>
          {(props) => <input {...props} type="text" {...register('location')} />}
        </Field>
        <Field label="Employment type" required hint="For example Full-time or Part-time." error={errors.type?.message}>
          {(props) => <input {...props} type="text" {...register('type')} />}
        </Field>
        <Field label="Status" required error={errors.status?.message}>
          {(props) => (
            <select {...props} {...register('status')}>
              {CAREER_STATUSES.map((s) => (
                <option key={s} value={s}>
                  {s}
                </option>
              ))}
            </select>
          )}
        </Field>
        <Field label="Icon" required error={errors.icon?.message}>
          {(props) => (
            <select {...props} {...register('icon')}>
              {CAREER_ICONS.map((i) => (
                <option key={i} value={i}>
                  {ICON_LABELS[i]}
                </option>
              ))}
            </select>
          )}
        </Field>
      </div>
      <Field label="Description" required error={errors.description?.message}>
        {(props) => <textarea {...props} rows={5} {...register('description')} />}
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
