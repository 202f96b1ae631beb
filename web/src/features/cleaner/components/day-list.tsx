import type { CleanerCleaning } from '@app/shared/cleaner-day';
import { useCleanerDay } from '../api/get-cleaner-day';
import { easternToday } from '@app/shared/eastern-time';
import { calendarDateLabel, durationLabel, easternClock } from './day-format';
import { HomeDetails } from './home-details';
import { CanceledCleanings, useOfficeChanges } from './office-changes';
import { VisitActions } from './visit-actions';

function CleaningItem({ cleaning, today }: { cleaning: CleanerCleaning; today: boolean }) {
  const time = easternClock(cleaning.scheduledAt);
  const who = cleaning.customerFirstName ?? 'Customer';
  return (
    <li className="card cleaner-day__item" data-deal-id={cleaning.id}>
      <h3 className="cleaner-day__when">
        <time dateTime={cleaning.scheduledAt}>{time}</time> · {who}
      </h3>
      <p className="cleaner-day__service">
        {cleaning.service}
        {cleaning.durationMinutes ? <span className="muted"> · {durationLabel(cleaning.durationMinutes)}</span> : null}
        {cleaning.stageLabel === 'Cleaning Scheduled' ? null : <span className="muted"> · {cleaning.stageLabel}</span>}
      </p>
      {cleaning.address && cleaning.mapUrl ? (
        <p>
          <a href={cleaning.mapUrl} target="_blank" rel="noopener noreferrer">
            {cleaning.address}
          </a>
        </p>
      ) : (
        <p className="muted">No address on file.</p>
      )}
      {cleaning.rooms ? <p>Rooms: {cleaning.rooms}</p> : null}
      {cleaning.addOns.length > 0 ? <p>Add-ons: {cleaning.addOns.join(', ')}</p> : null}
      {cleaning.notes ? <p className="cleaner-day__notes">Notes: {cleaning.notes}</p> : null}
      <HomeDetails cleaning={cleaning} />
      <VisitActions cleaning={cleaning} today={today} />
    </li>
  );
}

/** One day of the cleaner's cleanings in time order, under the day's heading (Today, Tomorrow). */
export function DayList({ date, heading }: { date: string; heading: string }) {
  const day = useCleanerDay(date);
  useOfficeChanges(day.data);
  const headingId = `cleaner-day-${date}`;
  return (
    <div className="cleaner-day">
      <h2 id={headingId}>{heading}</h2>
      <p className="muted">{calendarDateLabel(date)}</p>
      {day.isPending ? <p className="page-loading">Loading your cleanings…</p> : null}
      {day.isError ? <p className="alert">Your cleanings could not be loaded just now. This page tries again by itself.</p> : null}
      {day.isSuccess && day.data.cleanings.length === 0 ? <p>No cleanings {heading.toLowerCase()}.</p> : null}
      {day.isSuccess && day.data.cleanings.length > 0 ? (
        <ol className="cleaner-day__list" aria-labelledby={headingId}>
          {day.data.cleanings.map((c) => (
            <CleaningItem key={c.id} cleaning={c} today={date === easternToday()} />
          ))}
        </ol>
      ) : null}
      {day.isSuccess ? <CanceledCleanings removed={day.data.removed} /> : null}
    </div>
  );
}
