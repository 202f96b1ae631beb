import FullCalendar from '@fullcalendar/react';
import dayGridPlugin from '@fullcalendar/react/daygrid';
import classicTheme from '@fullcalendar/react/themes/classic';
import timeGridPlugin from '@fullcalendar/react/timegrid';
import '@fullcalendar/react/skeleton.css';
import '@fullcalendar/react/themes/classic/theme.css';
import '@fullcalendar/react/themes/classic/palette.css';
import './scheduled-calendar.css';
import { calendarAssignedLine, calendarEntryTitle } from '@app/shared/calendar-entry';
import { BUSINESS_TIME_ZONE } from '@app/shared/constants';
import type { ScheduledDeal } from '@app/shared/entities';
import { useMemo } from 'react';

const PLUGINS = [dayGridPlugin, timeGridPlugin, classicTheme];
// Spec §2: prev, next, today on the left; the title in the centre; month, week, day on the right.
const TOOLBAR = { left: 'prev,next today', center: 'title', right: 'dayGridMonth,timeGridWeek,timeGridDay' };
// The Today button's accessible name must contain its visible text 'Today' (WCAG 2.5.3), which
// FullCalendar's default hint ('This Week') does not.
const todayHint = (unitText: string, unit: string): string => (unit === 'day' ? 'Today' : `Today (this ${unitText.toLowerCase()})`);
// FullCalendar cuts off what does not fit in an entry's box, and a deal has no end time (an hour
// by default): with its default rows (about 25 px a half hour) the week view showed the time and
// part of the address, never the 'Assigned: …' line. Taller rows, and entries at least tall
// enough for the time, an address wrapped over four lines in a week column and the owner line.
const SLOT_MIN_HEIGHT_PX = 40;
const EVENT_MIN_HEIGHT_PX = 112;

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
    <div className="scheduled-calendar">
      <FullCalendar
        plugins={PLUGINS}
        initialView="timeGridWeek"
        height="auto"
        timeZone={BUSINESS_TIME_ZONE}
        headerToolbar={TOOLBAR}
        todayHint={todayHint}
        slotMinHeight={SLOT_MIN_HEIGHT_PX}
        eventMinHeight={EVENT_MIN_HEIGHT_PX}
        events={events}
        eventContent={({ event, timeText }) => (
          <div className="calendar-entry">
            <span>
              {timeText ? <span className="calendar-entry__time">{timeText}</span> : null}
              <b className="calendar-entry__title">{event.title}</b>
            </span>
            <span className="calendar-entry__owner">{calendarAssignedLine(event.extendedProps.owner as string | null)}</span>
          </div>
        )}
      />
    </div>
  );
}
