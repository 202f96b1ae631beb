import { teamMemberCreateSchema } from '@app/shared/staff-admin';
import { TEAM_MEMBER_KINDS, type TeamMemberKind } from '@app/shared/team-member';
import { useRef, useState, type FormEvent } from 'react';
import { Field, RequiredNote } from '../../../components/form/field';
import { focusFirstError } from '../../../components/form/focus-first-error';
import { FormAlert } from '../../../components/form/form-alert';
import { useSaveTeamMember, type ManagedTeamMember } from '../api/manage-team';
import { failureText, StaffRequestError } from '../api/send-staff-json';
import { firstErrorPerField } from './field-errors';

const FIELDS = ['name', 'role', 'bio', 'kind', 'sortOrder'] as const;
type FieldName = (typeof FIELDS)[number];
type Values = Record<FieldName, string>;
const NEW: Values = { name: '', role: '', bio: '', kind: 'placeholder', sortOrder: '0' };
const isField = (name: string | undefined): name is FieldName => (FIELDS as readonly string[]).includes(name ?? '');
const KIND_LABELS: Record<TeamMemberKind, string> = {
  owner: 'Owner',
  lead_technician: 'Lead technician',
  partner: 'Partner',
  placeholder: 'Placeholder (position being filled)',
};

const valuesOf = (m: ManagedTeamMember): Values => ({ name: m.name, role: m.role, bio: m.bio, kind: m.kind, sortOrder: String(m.sortOrder) });

interface TeamMemberFormProps {
  /** The member being edited; null for a new one. */
  editing: ManagedTeamMember | null;
  onDone: (message: string) => void;
  onCancel: () => void;
}

/** Create or edit a member; checked with the server's schema first, then the server's own answer. */
export function TeamMemberForm({ editing, onDone, onCancel }: TeamMemberFormProps) {
  const [values, setValues] = useState<Values>(editing ? valuesOf(editing) : NEW);
  const [fieldErrors, setFieldErrors] = useState<Partial<Values>>({});
  const [failure, setFailure] = useState<string | null>(null);
  const save = useSaveTeamMember();
  const formRef = useRef<HTMLFormElement>(null);
  const set = (name: FieldName) => (event: { target: { value: string } }) => setValues((v) => ({ ...v, [name]: event.target.value }));

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    if (save.isPending) return;
    setFailure(null);
    // An empty or non-numeric order is sent as such and refused by the schema with the field named.
    const order = values.sortOrder.trim() === '' ? Number.NaN : Number(values.sortOrder);
    const parsed = teamMemberCreateSchema.safeParse({ name: values.name, role: values.role, bio: values.bio, kind: values.kind, sortOrder: order });
    if (!parsed.success) {
      const errors = firstErrorPerField(parsed.error, FIELDS);
      if (errors.sortOrder) errors.sortOrder = 'Please enter a whole number between -1000 and 1000.';
      setFieldErrors(errors);
      focusFirstError(formRef.current);
      return;
    }
    setFieldErrors({});
    // A new member is shown at once; editing leaves shown/hidden as it is (the list's Hide/Show).
    const { enabled: _enabled, ...fields } = parsed.data;
    save.mutate(editing ? { id: editing.id, fields } : { id: null, fields }, {
      onSuccess: (saved) => onDone(editing ? `Saved “${saved.name}”.` : `Added “${saved.name}”. They show on the Team page.`),
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
    <form ref={formRef} className="form" noValidate aria-busy={save.isPending} onSubmit={onSubmit} aria-label={editing ? `Edit ${editing.name}` : 'New team member'}>
      <RequiredNote />
      <div className="form-grid">
        <Field label="Name" required error={fieldErrors.name}>
          {(props) => <input {...props} type="text" value={values.name} onChange={set('name')} />}
        </Field>
        <Field label="Role" required hint="For example Lead Cleaning Technician." error={fieldErrors.role}>
          {(props) => <input {...props} type="text" value={values.role} onChange={set('role')} />}
        </Field>
        <Field label="Kind" required error={fieldErrors.kind}>
          {(props) => (
            <select {...props} value={values.kind} onChange={set('kind')}>
              {TEAM_MEMBER_KINDS.map((k) => (
                <option key={k} value={k}>
                  {KIND_LABELS[k]}
                </option>
              ))}
            </select>
          )}
        </Field>
        <Field label="Order on the page" required hint="Lower numbers come first." error={fieldErrors.sortOrder}>
          {(props) => <input {...props} type="number" inputMode="numeric" step={1} value={values.sortOrder} onChange={set('sortOrder')} />}
        </Field>
      </div>
      <Field label="Bio" required error={fieldErrors.bio}>
        {(props) => <textarea {...props} rows={4} value={values.bio} onChange={set('bio')} />}
      </Field>
      <FormAlert message={failure} />
      <p className="actions">
        <button type="submit" className="button" disabled={save.isPending}>
          {save.isPending ? 'Saving…' : editing ? 'Save changes' : 'Add team member'}
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
