import { teamMemberCreateSchema, type TeamMemberCreateInput } from '@app/shared/staff-admin';
import { TEAM_MEMBER_KINDS, type TeamMemberKind } from '@app/shared/team-member';
import { Field, RequiredNote } from '../../../components/form/field';
import { FormAlert } from '../../../components/form/form-alert';
import { useSaveTeamMember, type ManagedTeamMember } from '../api/manage-team';
import { useStaffForm } from './use-staff-form';

const NEW = { name: '', role: '', bio: '', kind: 'placeholder', sortOrder: 0 } as const;
const SORT_ORDER_ERROR = 'Please enter a whole number between -1000 and 1000.';
const KIND_LABELS: Record<TeamMemberKind, string> = {
  owner: 'Owner',
  lead_technician: 'Lead technician',
  partner: 'Partner',
  placeholder: 'Placeholder (position being filled)',
};

const valuesOf = (m: ManagedTeamMember) => ({ name: m.name, role: m.role, bio: m.bio, kind: m.kind, sortOrder: m.sortOrder });

interface TeamMemberFormProps {
  /** The member being edited; null for a new one. */
  editing: ManagedTeamMember | null;
  onDone: (message: string) => void;
  onCancel: () => void;
}

/** Create or edit a member; checked with the server's schema first, then the server's own answer. */
export function TeamMemberForm({ editing, onDone, onCancel }: TeamMemberFormProps) {
  const { form, formRef, failure, onSubmit, showFailure } = useStaffForm(teamMemberCreateSchema, editing ? valuesOf(editing) : NEW);
  const { register, formState: { errors } } = form;
  const save = useSaveTeamMember();

  const send = (member: TeamMemberCreateInput) => {
    if (save.isPending) return;
    // A new member is shown at once; editing leaves shown/hidden as it is (the list's Hide/Show).
    const { enabled: _enabled, ...fields } = member;
    save.mutate(editing ? { id: editing.id, fields } : { id: null, fields }, {
      onSuccess: (saved) => onDone(editing ? `Saved “${saved.name}”.` : `Added “${saved.name}”. They show on the Team page.`),
      onError: showFailure,
    });
  };

  return (
    <form ref={formRef} className="form" noValidate aria-busy={save.isPending} onSubmit={onSubmit(send)} aria-label={editing ? `Edit ${editing.name}` : 'New team member'}>
      <RequiredNote />
      <div className="form-grid">
        <Field label="Name" required error={errors.name?.message}>
          {(props) => <input {...props} type="text" {...register('name')} />}
        </Field>
        <Field label="Role" required hint="For example Lead Cleaning Technician." error={errors.role?.message}>
          {(props) => <input {...props} type="text" {...register('role')} />}
        </Field>
        <Field label="Kind" required error={errors.kind?.message}>
          {(props) => (
            <select {...props} {...register('kind')}>
              {TEAM_MEMBER_KINDS.map((k) => (
                <option key={k} value={k}>
                  {KIND_LABELS[k]}
                </option>
              ))}
            </select>
          )}
        </Field>
        <Field label="Order on the page" required hint="Lower numbers come first." error={errors.sortOrder ? SORT_ORDER_ERROR : undefined}>
          {(props) => <input {...props} type="number" inputMode="numeric" step={1} {...register('sortOrder', { valueAsNumber: true })} />}
        </Field>
      </div>
      <Field label="Bio" required error={errors.bio?.message}>
        {(props) => <textarea {...props} rows={4} {...register('bio')} />}
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
