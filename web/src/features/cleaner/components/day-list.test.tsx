import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import type { CleanerDay } from '@app/shared/cleaner-day';
import { cleanerDayQuery } from '../api/get-cleaner-day';
import { calendarDateLabel, durationLabel, easternClock } from './day-format';
import { cleanerCleaning } from './cleaning-fixture';
import { DayList } from './day-list';

const DAY: CleanerDay = {
  date: '2026-12-10',
  cleanings: [
    cleanerCleaning({
      durationMinutes: 150,
      service: 'Single Deep Clean (1501-2000 sq ft)',
      address: '12 Peachtree St, Atlanta, GA 30303',
      mapUrl: 'https://www.google.com/maps/search/?api=1&query=12%20Peachtree%20St%2C%20Atlanta%2C%20GA%2030303',
      rooms: 'Kitchen, 2 bathrooms',
      addOns: ['Oven'],
      notes: 'Dog is friendly.',
      checklistFamily: 'deep',
    }),
  ],
  officePhone: '+14045550100',
  removed: [],
};

function render(day: CleanerDay, heading: string): string {
  const client = new QueryClient();
  client.setQueryData(cleanerDayQuery(day.date).queryKey, day);
  return renderToStaticMarkup(
    <QueryClientProvider client={client}>
      <DayList date={day.date} heading={heading} />
    </QueryClientProvider>,
  );
}

describe("the cleaner's day list", () => {
  it('shows each cleaning with its Eastern time, first name, service and the address as a map search link', () => {
    const html = render(DAY, 'Today');
    expect(html).toContain('<h2 id="cleaner-day-2026-12-10">Today</h2>');
    expect(html).toContain('aria-labelledby="cleaner-day-2026-12-10"');
    expect(html).toContain('3:00 PM</time> · Pat');
    expect(html).toContain('Single Deep Clean (1501-2000 sq ft)');
    expect(html).toContain(`<a href="${DAY.cleanings[0]!.mapUrl!.replaceAll('&', '&amp;')}" target="_blank" rel="noopener noreferrer">12 Peachtree St, Atlanta, GA 30303</a>`);
    expect(html).toContain('Add-ons: Oven');
    expect(html).toContain('Notes: Dog is friendly.');
  });

  it('says so when the day has no cleanings', () => {
    expect(render({ ...DAY, date: '2026-12-11', cleanings: [] }, 'Tomorrow')).toContain('No cleanings tomorrow.');
  });

  it('formats times and dates for Atlanta', () => {
    expect(easternClock('2026-12-10T13:00:00.000Z')).toBe('8:00 AM');
    expect(easternClock('2026-07-10T16:30:00.000Z')).toBe('12:30 PM');
    expect(calendarDateLabel('2026-12-10')).toBe('Thursday, December 10');
    expect(durationLabel(150)).toBe('2 h 30 min');
    expect(durationLabel(45)).toBe('45 min');
  });
});
