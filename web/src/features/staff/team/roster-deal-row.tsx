import { calendarEntryTitle } from '@app/shared/calendar-entry';
import type { ScheduledDeal } from '@app/shared/entities';
import type { Owner } from '../common/get-owners';
import { AssignmentStatus, CleanerSelect, useCleanerChoice } from '../common/cleaner-select';
import { easternFromIso } from '../common/format-eastern';

interface RosterDealRowProps {
  deal: ScheduledDeal;
  owners: Owner[];
}

/** One scheduled cleaning and its cleaner, chosen in place. */
export function RosterDealRow({ deal, owners }: RosterDealRowProps) {
  const choice = useCleanerChoice(deal.id, deal.ownerId);
  const when = easternFromIso(deal.date);
  const title = calendarEntryTitle(deal);
  return (
    <tr data-deal={deal.id}>
      <td data-label="When">{when}</td>
      <th scope="row">{title}</th>
      <td data-label="Cleaner">
        <CleanerSelect choice={choice} ownerName={deal.owner} owners={owners} label={`Cleaner for ${title}, ${when}`} />
      </td>
      <td aria-live="polite">
        <AssignmentStatus assign={choice.assign} />
      </td>
    </tr>
  );
}
