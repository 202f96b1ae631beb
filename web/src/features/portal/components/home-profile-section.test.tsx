import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { HOME_NO_VIEWS, HOME_VIEW_BY_OFFICE, type HomeProfileAnswer } from '@app/shared/home-profile';
import { homeProfileQuery } from '../api/home-profile';
import { HomeProfileSection } from './home-profile-section';

const answer: HomeProfileAnswer = {
  profile: { accessInstructions: 'Side gate, then the blue door.', parking: 'Driveway', pets: null, careNotes: null, updatedAt: '2026-12-09T14:00:00.000Z' },
  secrets: [{ id: 's1', kind: 'alarm', label: 'Alarm panel', set: true, updatedAt: '2026-12-09T14:00:00.000Z' }],
  views: [
    { id: 'v1', secretLabel: 'Alarm panel', who: HOME_VIEW_BY_OFFICE, role: 'admin', reason: 'Customer locked out, called us.', at: '2026-12-09T15:00:00.000Z' },
    { id: 'v2', secretLabel: 'Alarm panel', who: 'Alma', role: 'cleaner', reason: null, at: '2026-12-10T13:30:00.000Z' },
  ],
};

function render(data: HomeProfileAnswer): string {
  const client = new QueryClient();
  client.setQueryData(homeProfileQuery.queryKey, data);
  return renderToStaticMarkup(
    <QueryClientProvider client={client}>
      <HomeProfileSection enabled />
    </QueryClientProvider>,
  );
}

describe('the portal home profile', () => {
  it('shows the plain fields to edit, each code by name as set with Replace and Remove, and who saw them', () => {
    const html = render(answer);
    expect(html).toContain('<h2 id="portal-home-profile">Home profile</h2>');
    for (const label of ['How to get in (optional)', 'Parking (optional)', 'Pets (optional)', 'Things to take care of (optional)']) expect(html).toContain(`>${label}</label>`);
    expect(html).toContain('>Save home profile</button>');
    expect(html).toContain('Alarm panel');
    expect(html).toContain('data-secret-set="">Set</span>');
    expect(html).toContain('aria-label="Replace Alarm panel"');
    expect(html).toContain('aria-label="Remove Alarm panel"');
    expect(html).toContain('>Add a code</button>');
    expect(html).toContain('<h3 id="home-views-heading">Who saw your codes</h3>');
    expect(html).toContain(`<strong>${HOME_VIEW_BY_OFFICE}</strong>`);
    expect(html).toContain('Reason: Customer locked out, called us.');
    expect(html).toContain('<strong>Alma</strong>');
  });

  it('says when nobody has seen a code', () => {
    expect(render({ ...answer, views: [] })).toContain(HOME_NO_VIEWS);
  });
});
