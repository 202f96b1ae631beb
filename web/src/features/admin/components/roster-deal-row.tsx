import { calendarEntryTitle } from '@app/shared/calendar-entry';
import type { ScheduledDeal } from '@app/shared/entities';
import { OWNER_ASSIGNMENT_QUEUED } from '@app/shared/staff-admin';
import { useEffect, useState } from 'react';
import { useAssignOwner } from '../api/assign-owner';
import type { Owner } from '../api/get-owners';
import { failureText } from '../api/send-staff-json';
import { easternFromIso } from './format-eastern';

const UNASSIGNED = '';

interface RosterDealRowProps {
  deal: ScheduledDeal;
  owners: Owner[];
}

/**
 * One scheduled cleaning and its cleaner. The select shows the choice made at once (optimistic)
 * until the list, read again after the server answered, says the same.
 */
export function RosterDealRow({ deal, owners }: RosterDealRowProps) {
  const assign = useAssignOwner();
  const [chosen, setChosen] = useState<string | undefined>();
  const current = deal.ownerId ?? UNASSIGNED;
  // A cleaner deactivated in HubSpot is no longer in the list, but the deal still shows who it is assigned to.
  const unlisted = current !== UNASSIGNED && !owners.some((o) => o.id === current);
  useEffect(() => {
    if (chosen !== undefined && chosen === current) setChosen(undefined);
  }, [chosen, current]);
  const when = easternFromIso(deal.date);
  const title = calendarEntryTitle(deal);

  const onChange = (ownerId: string) => {
    setChosen(ownerId);
    assign.mutate({ dealId: deal.id, ownerId: ownerId || null }, { onError: () => setChosen(undefined) });
  };

  return (
    <tr data-deal={deal.id}>
      <td>{when}</td>
      <th scope="row">{title}</th>
      <td>
        <select
          aria-label={`Cleaner for ${title}, ${when}`}
          value={chosen ?? current}
          disabled={assign.isPending}
          onChange={(event) => onChange(event.target.value)}
        >
          <option value={UNASSIGNED}>Unassigned</option>
          {unlisted ? (
            <option value={current} disabled>
              {deal.owner ?? 'Cleaner'} (inactive)
            </option>
          ) : null}
          {owners
            .filter((o) => o.active || o.id === current)
            .map((o) => (
              <option key={o.id} value={o.id}>
                {o.name ?? o.email ?? o.hubspotId}
              </option>
            ))}
        </select>
      </td>
      <td aria-live="polite">
        {assign.isPending ? <span>Saving…</span> : null}
        {assign.isSuccess ? <span className="status-note" role="status">{OWNER_ASSIGNMENT_QUEUED}</span> : null}
        {assign.isError ? <span className="alert">{failureText(assign.error)}</span> : null}
      </td>
    </tr>
  );
}
