import { useOwners } from './get-owners';

/**
 * The required "Cleaner" choice of a command's form (a move to Cleaning Scheduled, a schedule):
 * the active cleaners of the roster, and the one already chosen even if no longer active.
 */
export function CleanerField({ id, value, onChange }: { id: string; value: string; onChange: (ownerId: string) => void }) {
  const owners = useOwners();
  return (
    <p>
      <label htmlFor={id}>Cleaner</label>
      <select id={id} value={value} onChange={(e) => onChange(e.target.value)} required>
        <option value="">Choose a cleaner</option>
        {(owners.data ?? [])
          .filter((o) => o.active || o.id === value)
          .map((o) => (
            <option key={o.id} value={o.id}>
              {o.name ?? o.email ?? o.hubspotId}
            </option>
          ))}
      </select>
    </p>
  );
}
