import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import type { CleanerCleaning } from '@app/shared/cleaner-day';
import { CODE_ON_THE_DAY } from '@app/shared/cleaner-home';
import { STAGE } from '@app/shared/deal-stages';
import { HomeDetails } from './home-details';

const CLEANING: CleanerCleaning = {
  id: 'd1',
  scheduledAt: '2026-12-10T20:00:00.000Z',
  durationMinutes: null,
  service: 'Cleaning',
  customerFirstName: 'Pat',
  address: null,
  mapUrl: null,
  rooms: null,
  addOns: [],
  notes: null,
  stageId: STAGE.CLEANING_SCHEDULED,
  stageLabel: 'Cleaning Scheduled',
  home: { accessInstructions: 'Side gate', parking: null, pets: 'Biscuit, friendly', careNotes: null },
  codes: [{ id: 's1', label: 'Front door', kind: 'door' }],
  codesToday: true,
  visit: { state: 'not_started', stateLabel: 'Not started', onMyWayAt: null, etaMinutes: null, arrival: null, startedAt: null, doneAt: null, startedWithDone: false }, checklistFamily: 'basic',
};

describe("a cleaning's home on My day", () => {
  it('shows the written fields and a Show button per code on the day, never a value', () => {
    const html = renderToStaticMarkup(<HomeDetails cleaning={CLEANING} />);
    expect(html).toContain('<dt>How to get in</dt><dd>Side gate</dd>');
    expect(html).toContain('<dt>Pets</dt><dd>Biscuit, friendly</dd>');
    expect(html).not.toContain('Parking');
    expect(html).toContain('aria-label="Show code: Front door"');
    expect(html).toContain('Front door <span class="muted">(Door code)</span>');
    expect(html).not.toContain('data-revealed-code');
  });

  it('says codes are shown on the day for tomorrow', () => {
    const html = renderToStaticMarkup(<HomeDetails cleaning={{ ...CLEANING, codesToday: false }} />);
    expect(html).toContain(CODE_ON_THE_DAY);
    expect(html).not.toContain('Show code: Front door');
  });

  it('shows nothing when there is no home profile and no code', () => {
    expect(renderToStaticMarkup(<HomeDetails cleaning={{ ...CLEANING, home: null, codes: [] }} />)).toBe('');
  });
});
