import { OWNER_ASSIGNMENT_QUEUED } from '@app/shared/staff-admin';
import { useEffect, useState } from 'react';
import { useAssignOwner } from './assign-owner';
import type { Owner } from './get-owners';
import { failureText } from './staff-errors';

const UNASSIGNED = '';

/**
 * A cleaning's cleaner, chosen from a select. The select shows the choice made at once
 * (optimistic) until the deal, read again after the server answered, says the same.
 */
export function useCleanerChoice(dealId: string, currentOwnerId: string | null | undefined) {
  const assign = useAssignOwner();
  const [chosen, setChosen] = useState<string | undefined>();
  const current = currentOwnerId ?? UNASSIGNED;
  useEffect(() => {
    if (chosen !== undefined && chosen === current) setChosen(undefined);
  }, [chosen, current]);
  const choose = (ownerId: string) => {
    setChosen(ownerId);
    assign.mutate({ dealId, ownerId: ownerId || null }, { onError: () => setChosen(undefined) });
  };
  return { value: chosen ?? current, current, choose, assign };
}

interface CleanerSelectProps {
  choice: ReturnType<typeof useCleanerChoice>;
  /** The assigned cleaner's name, shown when they are no longer among the owners (deactivated in HubSpot). */
  ownerName: string | null | undefined;
  owners: readonly Owner[];
  label: string;
  id?: string;
}

export function CleanerSelect({ choice, ownerName, owners, label, id }: CleanerSelectProps) {
  const { value, current, choose, assign } = choice;
  const unlisted = current !== UNASSIGNED && !owners.some((o) => o.id === current);
  return (
    <select className="staff-select" id={id} aria-label={id ? undefined : label} value={value} disabled={assign.isPending} onChange={(event) => choose(event.target.value)}>
      <option value={UNASSIGNED}>Unassigned</option>
      {unlisted ? (
        <option value={current} disabled>
          {ownerName ?? 'Cleaner'} (inactive)
        </option>
      ) : null}
      {owners
        .filter((o) => o.active || o.id === current)
        .map((o) => (
          <option key={o.id} value={o.id}>
            {ownerLabel(o)}
          </option>
        ))}
    </select>
  );
}

export const ownerLabel = (o: Owner): string => o.name ?? o.email ?? o.hubspotId;

/** What became of the last assignment: saving, queued for HubSpot, or refused. */
export function AssignmentStatus({ assign }: { assign: ReturnType<typeof useAssignOwner> }) {
  if (assign.isPending) return <span>Saving…</span>;
  if (assign.isSuccess) return <span className="status-note" role="status">{OWNER_ASSIGNMENT_QUEUED}</span>;
  if (assign.isError) return <span className="alert">{failureText(assign.error)}</span>;
  return null;
}
