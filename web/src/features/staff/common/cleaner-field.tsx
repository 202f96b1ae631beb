import { Field } from '../../../components/form/field';
import { useOwners, type Owner } from './get-owners';

/** A cleaner select's choices: the active cleaners of the roster, and `keep` (the one already chosen) even if no longer active. */
export function CleanerOptions({ owners, keep }: { owners: readonly Owner[] | undefined; keep?: string }) {
  return (
    <>
      <option value="">Choose a cleaner</option>
      {(owners ?? [])
        .filter((o) => o.active || o.id === keep)
        .map((o) => (
          <option key={o.id} value={o.id}>
            {o.name ?? o.email ?? o.hubspotId}
          </option>
        ))}
    </>
  );
}

/**
 * The required "Cleaner" choice of a command's form (a move to Cleaning Scheduled, a schedule):
 * the active cleaners of the roster, and the one already chosen even if no longer active. The
 * product's own field (label, size, focus, error under it).
 */
export function CleanerField({ value, onChange, error }: { value: string; onChange: (ownerId: string) => void; error?: string | undefined }) {
  const owners = useOwners();
  return (
    <Field label="Cleaner" required error={error}>
      {(control) => (
        <select {...control} name="ownerId" value={value} onChange={(e) => onChange(e.target.value)}>
          <CleanerOptions owners={owners.data} keep={value} />
        </select>
      )}
    </Field>
  );
}
