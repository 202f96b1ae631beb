import type { ScheduledDeal } from '@app/shared/entities';
import { useId } from 'react';
import type { CalendarStageFilter } from './get-scheduled-deals';
import type { Owner } from '../common/get-owners';
import { UNASSIGNED_COLOR, colorOf } from './cleaner-colors';
import { ownerLabel } from '../common/cleaner-select';

/** The cleaner filter's value for cleanings nobody is assigned to. */
export const UNASSIGNED_FILTER = 'unassigned';

const STAGE_LABELS: Readonly<Record<CalendarStageFilter, string>> = {
  scheduled: 'Scheduled cleanings',
  done: 'Done cleanings',
  all: 'Scheduled and done',
};

export interface CalendarFilterValues {
  /** '' for every cleaner, UNASSIGNED_FILTER, or a cleaner's id. */
  cleaner: string;
  stage: CalendarStageFilter;
  wholeDay: boolean;
}

interface CalendarFiltersProps {
  values: CalendarFilterValues;
  owners: readonly Owner[];
  onChange: (values: CalendarFilterValues) => void;
}

export function CalendarFilters({ values, owners, onChange }: CalendarFiltersProps) {
  const id = useId();
  const listed = owners.filter((o) => o.active || o.id === values.cleaner);
  return (
    <div className="calendar-filters">
      <span>
        <label htmlFor={`${id}-cleaner`}>Cleaner</label>{' '}
        <select className="staff-select" id={`${id}-cleaner`} value={values.cleaner} onChange={(e) => onChange({ ...values, cleaner: e.target.value })}>
          <option value="">All cleaners</option>
          <option value={UNASSIGNED_FILTER}>Unassigned</option>
          {listed.map((o) => (
            <option key={o.id} value={o.id}>
              {ownerLabel(o)}
            </option>
          ))}
        </select>
      </span>
      <span>
        <label htmlFor={`${id}-stage`}>Show</label>{' '}
        <select className="staff-select" id={`${id}-stage`} value={values.stage} onChange={(e) => onChange({ ...values, stage: e.target.value as CalendarStageFilter })}>
          {Object.entries(STAGE_LABELS).map(([value, label]) => (
            <option key={value} value={value}>
              {label}
            </option>
          ))}
        </select>
      </span>
      <label className="calendar-filters__check">
        <input type="checkbox" checked={values.wholeDay} onChange={(e) => onChange({ ...values, wholeDay: e.target.checked })} /> All 24 hours
      </label>
    </div>
  );
}

/** The cleanings the filter lets through. */
export function filterByCleaner(deals: readonly ScheduledDeal[], cleaner: string): readonly ScheduledDeal[] {
  if (!cleaner) return deals;
  if (cleaner === UNASSIGNED_FILTER) return deals.filter((d) => !d.ownerId);
  return deals.filter((d) => d.ownerId === cleaner);
}

/** Which colour is whose: the cleaners of the cleanings shown, by name, then 'Unassigned'. */
export function CalendarLegend({ deals, colors }: { deals: readonly ScheduledDeal[]; colors: ReadonlyMap<string, string> }) {
  const cleaners = new Map<string, string>();
  let unassigned = false;
  for (const d of deals) {
    if (d.ownerId) cleaners.set(d.ownerId, d.owner ?? 'Cleaner');
    else unassigned = true;
  }
  const items = [...cleaners.entries()]
    .sort((a, b) => a[1].localeCompare(b[1]))
    .map(([id, name]) => ({ key: id, name, color: colorOf(colors, id), dashed: false }));
  if (unassigned) items.push({ key: UNASSIGNED_FILTER, name: 'Unassigned', color: UNASSIGNED_COLOR, dashed: true });
  if (items.length === 0) return null;
  return (
    <ul className="calendar-legend" aria-label="Cleaner colours">
      {items.map((item) => (
        <li key={item.key}>
          <span className={item.dashed ? 'calendar-legend__swatch calendar-legend__swatch--dashed' : 'calendar-legend__swatch'} style={{ backgroundColor: item.color }} aria-hidden="true" />
          {item.name}
        </li>
      ))}
    </ul>
  );
}
