import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { CHECKLISTS, visitChecklist } from '@app/shared/cleaning-checklists';
import { ChecklistForm } from './checklist-form';
import { cleanerCleaning } from './cleaning-fixture';
import { VisitActions } from './visit-actions';

const NOT_STARTED = { state: 'not_started', stateLabel: 'Not started', onMyWayAt: null, etaMinutes: null, arrival: null, startedAt: null, doneAt: null, startedWithDone: false } as const;

const CLEANING = cleanerCleaning({ scheduledAt: '2026-12-10T14:00:00.000Z', durationMinutes: 120, service: 'Single Basic Clean (1001-1500 sq ft)', visit: NOT_STARTED });

function render(node: React.ReactNode): string {
  return renderToStaticMarkup(<QueryClientProvider client={new QueryClient()}>{node}</QueryClientProvider>);
}

describe("a cleaning's taps on My day", () => {
  it('offers On my way, Start cleaning and Done today, in a group named by the time and first name, with a live region', () => {
    const html = render(<VisitActions cleaning={CLEANING} today />);
    expect(html).toContain('role="group" class="visit-actions" aria-label="Visit at 9:00 AM, Pat"');
    expect(html).toContain('<strong>Not started</strong>');
    for (const name of ['On my way', 'Start cleaning', 'Done']) expect(html).toContain(`>${name}</button>`);
    expect(html).toContain('role="status" aria-live="polite"');
  });

  it('offers nothing tomorrow, nor once done; shows the times and the window', () => {
    expect(render(<VisitActions cleaning={CLEANING} today={false} />)).not.toContain('<button');
    const onTheWay = render(
      <VisitActions
        cleaning={{ ...CLEANING, visit: { ...NOT_STARTED, state: 'on_the_way', stateLabel: 'On the way', onMyWayAt: '2026-12-10T13:40:00.000Z', etaMinutes: 15, arrival: { from: '2026-12-10T13:50:00.000Z', to: '2026-12-10T14:00:00.000Z' } } }}
        today
      />,
    );
    expect(onTheWay).toContain('arriving 8:50 AM–9:00 AM');
    expect(onTheWay).not.toContain('>On my way</button>');
    expect(onTheWay).toContain('>Start cleaning</button>');
    const done = render(
      <VisitActions
        cleaning={{ ...CLEANING, visit: { ...NOT_STARTED, state: 'done', stateLabel: 'Done', startedAt: '2026-12-10T16:00:00.000Z', doneAt: '2026-12-10T16:00:00.000Z', startedWithDone: true } }}
        today
      />,
    );
    expect(done).not.toContain('<button');
    expect(done).toContain('started 11:00 AM (Start not tapped: set to the finish time)');
    expect(done).toContain('done 11:00 AM');
  });

  it('is one tap On my way, with the minutes to arrive below it (15 unless changed)', () => {
    const html = render(<VisitActions cleaning={CLEANING} today />);
    expect(html).toMatch(/<button type="button" class="button visit-actions__big" aria-describedby="[^"]+-hint">On my way<\/button>/);
    expect(html).toMatch(/<label for="[^"]+">Minutes to arrive<\/label> <select id="[^"]+">/);
    expect(html).toContain('<option value="15" selected="">15 min</option>');
    expect(html).toContain('Pat gets a text: arriving in about 15 min.');
  });

  it("shows the visit's checklist from Start on, in groups, the saved ticks ticked", () => {
    const checklist = visitChecklist({ serviceType: 'basic-1500', skus: ['addon-oven'], rooms: { kitchen: true, bathroomCount: 2 } });
    const started = { ...NOT_STARTED, state: 'in_progress', stateLabel: 'In progress', startedAt: '2026-12-10T14:05:00.000Z' } as const;
    expect(render(<VisitActions cleaning={{ ...CLEANING, checklist }} today />)).not.toContain('Checklist:');
    const html = render(<VisitActions cleaning={{ ...CLEANING, checklist, visit: started, ticked: ['floors'] }} today />);
    expect(html).toContain('Checklist: Basic clean</h4>');
    expect(html).toContain(`1 of ${checklist.items.length} ticked · saved as you go`);
    for (const legend of ['The service', 'Add-ons', 'Rooms']) expect(html).toContain(`<legend>${legend}</legend>`);
    for (const label of ['Inside the oven', 'Kitchen', 'Bathrooms (2)']) expect(html).toContain(`<span>${label}</span>`);
    expect(html.match(/type="checkbox" checked=""/g)).toHaveLength(1);
  });

  it('at Done lists only the unticked items, each asking why not', () => {
    const checklist = visitChecklist({ serviceType: 'basic-1500', skus: ['addon-oven'] });
    const ticked = CHECKLISTS.basic.items.slice(1).map((i) => i.id);
    const html = render(<ChecklistForm checklist={checklist} ticked={ticked} pending={false} onDone={() => {}} onCancel={() => {}} />);
    for (const label of [CHECKLISTS.basic.items[0]!.label, 'Inside the oven']) expect(html).toContain(`Why not? (${label})</label>`);
    expect(html.match(/Why not\?/g)).toHaveLength(2);
    expect(html.match(/type="checkbox"/g)).toHaveLength(2);
    expect(html).toContain('>Finish: cleaning done</button>');
    const all = render(<ChecklistForm checklist={checklist} ticked={checklist.items.map((i) => i.id)} pending={false} onDone={() => {}} onCancel={() => {}} />);
    expect(all).toContain('Every item is ticked.');
    expect(all).not.toContain('Why not?');
  });
});
