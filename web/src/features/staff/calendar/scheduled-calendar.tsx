import FullCalendar from '@fullcalendar/react';
import dayGridPlugin from '@fullcalendar/react/daygrid';
import listPlugin from '@fullcalendar/react/list';
import classicTheme from '@fullcalendar/react/themes/classic';
import timeGridPlugin from '@fullcalendar/react/timegrid';
import '@fullcalendar/react/skeleton.css';
import '@fullcalendar/react/themes/classic/theme.css';
import '@fullcalendar/react/themes/classic/palette.css';
import './scheduled-calendar.css';
import { calendarAssignedLine, calendarEntryTitle } from '@app/shared/calendar-entry';
import { BUSINESS_TIME_ZONE } from '@app/shared/constants';
import { STAGE } from '@app/shared/deal-stages';
import type { ScheduledDeal } from '@app/shared/entities';
import { useMemo } from 'react';
import { useMediaQuery } from '../../../lib/use-media-query';
import { gridHours } from './calendar-hours';
import { colorOf } from './cleaner-colors';

const PLUGINS = [dayGridPlugin, timeGridPlugin, listPlugin, classicTheme];
// docs/product.md §2: prev, next, today on the left; the title in the centre; month, week, day on the right.
const TOOLBAR = { left: 'prev,next today', center: 'title', right: 'dayGridMonth,timeGridWeek,timeGridDay' };
// A phone has no room for seven columns: a list of the week (every entry readable) or one day.
const PHONE_TOOLBAR = { left: 'title', right: 'prev,next' };
const PHONE_FOOTER = { left: 'today', right: 'listWeek,timeGridDay' };
const PHONE_MEDIA = '(max-width: 40rem)';
// The Today button's accessible name must contain its visible text 'Today' (WCAG 2.5.3), which
// FullCalendar's default hint ('This Week') does not.
const todayHint = (unitText: string, unit: string): string => (unit === 'day' ? 'Today' : `Today (this ${unitText.toLowerCase()})`);
// FullCalendar cuts off what does not fit in an entry's box, and a deal has no end time (an hour
// by default): with its default rows (about 25 px a half hour) the week view showed the time and
// part of the address, never the 'Assigned: …' line. Taller rows, and entries at least tall
// enough for the time, an address wrapped over four lines in a week column, the customer and the
// owner line.
const SLOT_MIN_HEIGHT_PX = 40;
const EVENT_MIN_HEIGHT_PX = 136;
// A busy hour of twelve cleaners: at most this many entries side by side in a day's column (each
// stays wide enough to read), the rest behind a '+N more' link that lists them.
const EVENT_MAX_STACK = 3;
// The api's range is in instants; the calendar's days are Eastern. Asking a little wider costs nothing.
const RANGE_MARGIN_MS = 14 * 3_600_000;

export interface CalendarRange {
  /** Instants to ask the api for, a little wider than the days shown. */
  start: string;
  end: string;
  /** The days shown, Eastern: the first one and the one after the last ('YYYY-MM-DD'). */
  firstDay: string;
  endDay: string;
}

interface ScheduledCalendarProps {
  deals: readonly ScheduledDeal[];
  /** Colour of each cleaner (cleaner-colors.ts). */
  colors: ReadonlyMap<string, string>;
  /** Draw all 24 hours rather than the working hours. */
  wholeDay: boolean;
  /** A day (YYYY-MM-DD, Eastern) of the week to open on; this week when undefined. */
  initialDate?: string | undefined;
  /** The visible dates changed (first render included). */
  onRangeChange: (range: CalendarRange) => void;
  onOpen: (deal: ScheduledDeal) => void;
}

/**
 * The Scheduled Cleanings Snapshot's calendar: week view with time slots first (a list of the
 * week on a phone), automatic height, every time in Eastern Time whatever the viewer's own time
 * zone. Each entry shows its title in bold, the customer, and the line 'Assigned: ' + owner
 * (docs/product.md §2), in its cleaner's colour; a click (or Enter) opens it.
 */
export function ScheduledCalendar({ deals, colors, wholeDay, initialDate, onRangeChange, onOpen }: ScheduledCalendarProps) {
  const phone = useMediaQuery(PHONE_MEDIA);
  const byId = useMemo(() => new Map(deals.map((d) => [d.id, d])), [deals]);
  const events = useMemo(
    () =>
      deals.map((d) => ({
        id: d.id,
        title: calendarEntryTitle(d),
        start: d.date,
        ...(d.durationMinutes ? { end: new Date(Date.parse(d.date) + d.durationMinutes * 60_000).toISOString() } : {}),
        color: colorOf(colors, d.ownerId),
        className: d.ownerId ? '' : 'calendar-entry--unassigned',
        extendedProps: { owner: d.owner ?? null, customer: d.customer ?? null, done: d.stageId === STAGE.CLEANING_DONE, visitState: d.visitState ?? null, visitStateLabel: d.visitStateLabel ?? null, planVisit: d.planVisit === true },
      })),
    [deals, colors],
  );
  const hours = useMemo(() => gridHours(deals, wholeDay), [deals, wholeDay]);
  return (
    <div className="scheduled-calendar">
      <FullCalendar
        // The first view and the toolbars are read once: a phone turned into a tablet starts again.
        key={phone ? 'phone' : 'wide'}
        plugins={PLUGINS}
        initialView={phone ? 'listWeek' : 'timeGridWeek'}
        {...(initialDate && { initialDate })}
        height="auto"
        timeZone={BUSINESS_TIME_ZONE}
        headerToolbar={phone ? PHONE_TOOLBAR : TOOLBAR}
        footerToolbar={phone ? PHONE_FOOTER : false}
        todayHint={todayHint}
        slotMinTime={hours.slotMinTime}
        slotMaxTime={hours.slotMaxTime}
        slotMinHeight={SLOT_MIN_HEIGHT_PX}
        eventMinHeight={EVENT_MIN_HEIGHT_PX}
        eventMaxStack={EVENT_MAX_STACK}
        noEventsContent="No cleanings in these days."
        events={events}
        eventInteractive
        datesSet={({ start, end, startStr, endStr }) =>
          onRangeChange({
            start: new Date(start.getTime() - RANGE_MARGIN_MS).toISOString(),
            end: new Date(end.getTime() + RANGE_MARGIN_MS).toISOString(),
            // The strings carry the calendar's own (Eastern) dates, whatever the Date objects' offset.
            firstDay: startStr.slice(0, 10),
            endDay: endStr.slice(0, 10),
          })
        }
        eventClick={({ event, jsEvent }) => {
          jsEvent.preventDefault();
          const deal = byId.get(event.id);
          if (deal) onOpen(deal);
        }}
        eventContent={({ event, timeText }) => (
          <div className="calendar-entry" data-deal-id={event.id}>
            <span>
              {timeText ? <span className="calendar-entry__time">{timeText}</span> : null}
              {event.extendedProps.visitStateLabel ? (
                <span className={`calendar-entry__state calendar-entry__state--${event.extendedProps.visitState as string}`}>{event.extendedProps.visitStateLabel as string} · </span>
              ) : event.extendedProps.done ? (
                <span className="calendar-entry__done">Done · </span>
              ) : null}
              <b className="calendar-entry__title">{event.title}</b>
              {event.extendedProps.planVisit ? <span className="calendar-entry__plan"> · Plan</span> : null}
            </span>
            {event.extendedProps.customer ? <span className="calendar-entry__customer">{event.extendedProps.customer as string}</span> : null}
            <span className="calendar-entry__owner">{calendarAssignedLine(event.extendedProps.owner as string | null)}</span>
          </div>
        )}
      />
    </div>
  );
}
