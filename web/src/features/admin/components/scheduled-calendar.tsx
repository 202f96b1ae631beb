import FullCalendar from '@fullcalendar/react';
import dayGridPlugin from '@fullcalendar/react/daygrid';
import classicTheme from '@fullcalendar/react/themes/classic';
import timeGridPlugin from '@fullcalendar/react/timegrid';
import '@fullcalendar/react/skeleton.css';
import '@fullcalendar/react/themes/classic/theme.css';
import '@fullcalendar/react/themes/classic/palette.css';
import { calendarAssignedLine, calendarEntryTitle } from '@app/shared/calendar-entry';
import { BUSINESS_TIME_ZONE } from '@app/shared/constants';
import type { ScheduledDeal } from '@app/shared/entities';
import { useMemo } from 'react';

const PLUGINS = [dayGridPlugin, timeGridPlugin, classicTheme];
// Spec §2: prev, next, today on the left; the title in the centre; month, week, day on the right.
const TOOLBAR = { left: 'prev,next today', center: 'title', right: 'dayGridMonth,timeGridWeek,timeGridDay' };

/**
 * The Scheduled Cleanings Snapshot's calendar: week view with time slots first, automatic
 * height, every time in Eastern Time whatever the viewer's own time zone. Each entry shows its
 * title in bold and the line 'Assigned: ' + owner (spec §2).
 */
export function ScheduledCalendar({ deals }: { deals: readonly ScheduledDeal[] }) {
  const events = useMemo(
    () => deals.map((d) => ({ id: d.id, title: calendarEntryTitle(d), start: d.date, extendedProps: { owner: d.owner ?? null } })),
    [deals],
  );
  return (
    <FullCalendar
      plugins={PLUGINS}
      initialView="timeGridWeek"
      height="auto"
      timeZone={BUSINESS_TIME_ZONE}
      headerToolbar={TOOLBAR}
      events={events}
      eventContent={({ event, timeText }) => (
        <div className="calendar-entry">
          {timeText ? <span className="calendar-entry__time">{timeText}</span> : null}
          <b className="calendar-entry__title">{event.title}</b>
          <span className="calendar-entry__owner">{calendarAssignedLine(event.extendedProps.owner as string | null)}</span>
        </div>
      )}
    />
  );
}
