import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { CHECKLISTS } from '@app/shared/cleaning-checklists';
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

  it('lists the checklist as large checkboxes, each unticked one asking why not', () => {
    const html = render(<ChecklistForm family="basic" pending={false} onDone={() => {}} onCancel={() => {}} />);
    for (const item of CHECKLISTS.basic.items) {
      expect(html).toContain(`<span>${item.label}</span>`);
      expect(html).toContain(`Why not? (${item.label})</label>`);
    }
    expect(html.match(/type="checkbox"/g)).toHaveLength(CHECKLISTS.basic.items.length);
    expect(html).toContain('>Finish: cleaning done</button>');
  });
});
