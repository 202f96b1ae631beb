import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { PHOTO_REFUSALS } from '@app/shared/visit-photos';
import { cleanerCleaning } from './cleaning-fixture';
import { VisitActions } from './visit-actions';
import { PhotoList, VisitPhotos } from './visit-photos';

const NOT_STARTED = { state: 'not_started', stateLabel: 'Not started', onMyWayAt: null, etaMinutes: null, arrival: null, startedAt: null, doneAt: null, startedWithDone: false } as const;
const STARTED = { ...NOT_STARTED, state: 'in_progress', stateLabel: 'In progress', startedAt: '2026-12-10T14:05:00.000Z' } as const;
const CLEANING = cleanerCleaning({ scheduledAt: '2026-12-10T14:00:00.000Z', durationMinutes: 120, service: 'Single Basic Clean (1001-1500 sq ft)', visit: NOT_STARTED });

function render(node: React.ReactNode): string {
  return renderToStaticMarkup(<QueryClientProvider client={new QueryClient()}>{node}</QueryClientProvider>);
}

describe("a cleaning's photos on My day", () => {
  it('is a real file input for the camera or pictures, several at once, under a large "Add photos" label', () => {
    const html = render(<VisitPhotos dealId="deal-1" added={0} />);
    expect(html).toMatch(/<label for="([^"]+)-photos" class="button button--ghost visit-actions__big visit-photos__add">Add photos<\/label>/);
    expect(html).toContain('type="file" accept="image/jpeg,image/png,image/webp" multiple="" capture="environment"');
    expect(html).toContain('role="status" aria-live="polite"');
  });

  it('is offered once the cleaning is started, not before, nor tomorrow, nor once done', () => {
    expect(render(<VisitActions cleaning={CLEANING} today />)).not.toContain('Add photos');
    expect(render(<VisitActions cleaning={{ ...CLEANING, visit: STARTED }} today />)).toContain('>Add photos</label>');
    expect(render(<VisitActions cleaning={{ ...CLEANING, visit: STARTED }} today={false} />)).not.toContain('Add photos');
    const done = { ...STARTED, state: 'done', stateLabel: 'Done', doneAt: '2026-12-10T16:00:00.000Z' } as const;
    expect(render(<VisitActions cleaning={{ ...CLEANING, visit: done }} today />)).not.toContain('Add photos');
  });

  it("shows each photo's status (sending, added, or the server's refusal) and how many the cleaning has", () => {
    const html = render(
      <PhotoList
        items={[
          { key: 'a', name: 'kitchen.jpg', status: 'added' },
          { key: 'b', name: 'bath.jpg', status: 'sending' },
          { key: 'c', name: 'scan.gif', status: 'refused', reason: PHOTO_REFUSALS.type.message },
        ]}
        count={1}
      />,
    );
    expect(html).toContain('<span class="visit-photos__name">kitchen.jpg</span> <strong>Added</strong>');
    expect(html).toContain('<span class="visit-photos__name">bath.jpg</span> <strong>Sending…</strong>');
    expect(html).toContain(`<span class="visit-photos__name">scan.gif</span> <strong>${PHOTO_REFUSALS.type.message}</strong>`);
    expect(html).toContain('Photos added to this cleaning: 1');
    expect(render(<PhotoList items={[]} count={0} />)).toBe('');
    // A reloaded page still says how many the cleaning has.
    expect(render(<PhotoList items={[]} count={2} />)).toContain('Photos added to this cleaning: 2');
  });
});
