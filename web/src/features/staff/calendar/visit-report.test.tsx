import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import type { VisitReport as Report } from '@app/shared/visit-report';
import { VisitReport, visitReportQuery } from './visit-report';

function render(report: Report): string {
  const client = new QueryClient();
  client.setQueryData(visitReportQuery('d1').queryKey, report);
  return renderToStaticMarkup(
    <QueryClientProvider client={client}>
      <VisitReport dealId="d1" />
    </QueryClientProvider>,
  );
}

const DONE: Report = {
  checklistState: 'done',
  checklistLabel: 'Basic clean',
  items: [
    { id: 'floors', label: 'Floors vacuumed and mopped', group: 'service', answer: 'ticked', reason: null },
    { id: 'addon-oven', label: 'Inside the oven', group: 'add-on', answer: 'not_done', reason: 'Self-cleaning was on' },
    { id: 'room-kitchen', label: 'Kitchen', group: 'room', answer: 'ticked', reason: null },
  ],
  photos: [
    { id: 'p1', label: 'before', takenAt: '2026-12-10T14:05:00.000Z', thumbnailUrl: '/api/internal/admin/deals/d1/photos/p1/thumbnail', inHubSpot: true },
    { id: 'p2', label: null, takenAt: '2026-12-10T15:00:00.000Z', thumbnailUrl: null, inHubSpot: false },
  ],
};

describe("the cleaner's report on the staff cleaning page", () => {
  it('lists the answers by group, the reason of what was not done, and small thumbnails with their label and time', () => {
    const html = render(DONE);
    expect(html).toMatch(/<h2 id="[^"]+-title" class="visit-report__title">From the cleaner: Basic clean<\/h2>/);
    expect(html).toContain('Finished: 2 of 3 ticked.');
    for (const group of ['The service', 'Add-ons', 'Rooms']) expect(html).toContain(`<h3 class="visit-report__group">${group}</h3>`);
    expect(html).toContain('<span>Inside the oven</span>: <strong>Not done</strong><span> (Self-cleaning was on)</span>');
    expect(html).toContain('<img src="/api/internal/admin/deals/d1/photos/p1/thumbnail" alt="Before photo, 9:05 AM ET" width="96" height="96" loading="lazy"/>');
    expect(html).toContain('No small copy');
    expect(html).toContain('Small copies are kept here 90 days; the photos are on the deal in HubSpot.');
  });

  it('shows nothing before the cleaner has tapped or taken a photo', () => {
    expect(render({ ...DONE, checklistState: 'none', items: [], photos: [] })).toBe('');
  });
});
