import { DEAL_FACT_LABELS, type FactChange } from '@app/shared/deal-commands';
import { dealStageLabel } from '@app/shared/deal-stages';
import { easternFromIso } from './format-eastern';
import { useOwners } from './get-owners';

function factText(change: FactChange, value: FactChange['saw'], names: ReadonlyMap<string, string>): string {
  if (value === null) return 'none';
  if (change.field === 'stageId') return dealStageLabel(String(value)) ?? `Unknown stage (${value})`;
  if (change.field === 'scheduledAt') return easternFromIso(String(value));
  if (change.field === 'amountCents') return `$${(Number(value) / 100).toFixed(2)}`;
  if (change.field === 'durationMinutes') return `${value} minutes`;
  return names.get(String(value)) ?? 'another cleaner';
}

/** What HubSpot changed after the staff member looked, field by field: why a command ended in conflict. */
export function ChangedFacts({ conflict }: { conflict: readonly FactChange[] }) {
  const owners = useOwners();
  const names = new Map((owners.data ?? []).map((o) => [o.id, o.name ?? o.email ?? o.hubspotId]));
  return (
    <ul>
      {conflict.map((change) => (
        <li key={change.field}>
          {DEAL_FACT_LABELS[change.field]}: you saw {factText(change, change.saw, names)}, HubSpot now has {factText(change, change.now, names)}.
        </li>
      ))}
    </ul>
  );
}
