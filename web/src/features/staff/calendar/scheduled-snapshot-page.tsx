import { easternToday, isCalendarDate } from '@app/shared/eastern-time';
import type { ScheduledDeal } from '@app/shared/entities';
import { useMemo, useState } from 'react';
import { useSearchParams } from 'react-router';
import { usePageHead } from '../../../lib/head';
import { CALENDAR_STAGE_FILTERS, useScheduledDeals, type CalendarStageFilter } from './get-scheduled-deals';
import { useOwners } from '../common/get-owners';
import { CalendarFilters, CalendarLegend, filterByCleaner, type CalendarFilterValues } from './calendar-filters';
import { cleanerColors } from './cleaner-colors';
import { DealDetailsPanel } from './deal-details-panel';
import { RequireStaff } from '../frame/require-staff';
import { ScheduledCalendar, type CalendarRange } from './scheduled-calendar';
import '../common/staff.css';

const TITLE = 'Scheduled Cleanings Snapshot';

/**
 * The filters live in the address (?cleaner=&stage=&hours=all), and so does the week shown
 * (?date=, a day of it), so a filtered calendar can be shared, reloaded or linked to (a plan's
 * visit on its week). The page answers a change at once; the address follows.
 */
function useCalendarFilters(): [CalendarFilterValues, (values: CalendarFilterValues) => void] {
  const [params, setParams] = useSearchParams();
  const [values, setValues] = useState<CalendarFilterValues>(() => {
    const stage = params.get('stage');
    return {
      cleaner: params.get('cleaner') ?? '',
      stage: CALENDAR_STAGE_FILTERS.includes(stage as CalendarStageFilter) ? (stage as CalendarStageFilter) : 'scheduled',
      wholeDay: params.get('hours') === 'all',
    };
  });
  const set = (next: CalendarFilterValues) => {
    setValues(next);
    const search = new URLSearchParams();
    if (next.cleaner) search.set('cleaner', next.cleaner);
    if (next.stage !== 'scheduled') search.set('stage', next.stage);
    if (next.wholeDay) search.set('hours', 'all');
    const date = params.get('date');
    if (date) search.set('date', date);
    setParams(search, { replace: true });
  };
  return [values, set];
}

/** The week the calendar opens on (?date=, any day of it; else this week), and a way to keep the address on the week shown. */
function useCalendarWeek(): [string | undefined, (firstDay: string) => void] {
  const [params, setParams] = useSearchParams();
  const [initial] = useState(() => {
    const date = params.get('date');
    return date && isCalendarDate(date) ? date : undefined;
  });
  const follow = (firstDay: string) =>
    setParams(
      (current) => {
        const next = new URLSearchParams(current);
        next.set('date', firstDay);
        return next;
      },
      { replace: true },
    );
  return [initial, follow];
}

function Snapshot() {
  const [filters, setFilters] = useCalendarFilters();
  const [initialDate, followWeek] = useCalendarWeek();
  const [range, setRange] = useState<CalendarRange | null>(null);
  const [open, setOpen] = useState<ScheduledDeal | null>(null);
  // Failures are logged by the query; until data arrives (or if it never does) the calendar is empty.
  const { data = [] } = useScheduledDeals({ start: range?.start, end: range?.end, stage: filters.stage }, range !== null);
  const owners = useOwners().data ?? [];
  const colors = useMemo(() => cleanerColors([...owners.map((o) => o.id), ...data.flatMap((d) => (d.ownerId ? [d.ownerId] : []))]), [owners, data]);
  const shown = useMemo(() => (range ? inDays(filterByCleaner(data, filters.cleaner), range) : []), [data, filters.cleaner, range]);
  const unassigned = shown.filter((d) => !d.ownerId).length;
  return (
    <div className="container section">
      <h1>{TITLE}</h1>
      <p className="lead">Cleanings scheduled in HubSpot, in Eastern Time. The calendar refreshes by itself; click a cleaning for its details.</p>
      <CalendarFilters values={filters} owners={owners} onChange={setFilters} />
      <p className="calendar-summary" role="status">
        {shown.length} {shown.length === 1 ? 'cleaning' : 'cleanings'} in view
        {unassigned ? `, ${unassigned} without a cleaner` : ''}
      </p>
      <CalendarLegend deals={shown} colors={colors} />
      <ScheduledCalendar
        deals={shown}
        colors={colors}
        wholeDay={filters.wholeDay}
        initialDate={range?.firstDay ?? initialDate}
        onRangeChange={(next) => {
          setRange(next);
          // The address keeps the week once it is another than the one opened on.
          if (next.firstDay !== range?.firstDay && range !== null) followWeek(next.firstDay);
        }}
        onOpen={setOpen}
      />
      {open ? <DealDetailsPanel key={open.id} dealId={open.id} title={`${open.title ?? 'Cleaning'}${open.customer ? ` for ${open.customer}` : ''}`} onClose={() => setOpen(null)} /> : null}
    </div>
  );
}

/** The cleanings on the days shown (the api was asked for a little more). */
const inDays = (deals: readonly ScheduledDeal[], range: CalendarRange) =>
  deals.filter((d) => {
    const day = easternToday(new Date(d.date));
    return day >= range.firstDay && day < range.endDay;
  });

/** /admin/ScheduledSnapshot (docs/product.md §2): staff only, like every staff page. */
export function ScheduledSnapshotPage() {
  usePageHead(TITLE, 'Calendar of scheduled cleanings for staff.');
  return (
    <RequireStaff>
      <Snapshot />
    </RequireStaff>
  );
}
