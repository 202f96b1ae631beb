import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { CODE_ON_THE_DAY } from '@app/shared/cleaner-home';
import { cleanerCleaning } from './cleaning-fixture';
import { HomeDetails } from './home-details';

const CLEANING = cleanerCleaning({
  home: { accessInstructions: 'Side gate', parking: null, pets: 'Biscuit, friendly', careNotes: null },
  codes: [{ id: 's1', label: 'Front door', kind: 'door' }],
});

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
