import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import type { StaffHomeProfileAnswer } from '@app/shared/home-profile';
import { homeProfileQuery } from './home-profile';
import { HomeProfileCard } from './home-profile-card';

const answer: StaffHomeProfileAnswer = {
  profile: { accessInstructions: 'Side gate', parking: null, pets: 'A dog', careNotes: null, updatedAt: null },
  secrets: [{ id: 's1', kind: 'lockbox', label: 'Porch lockbox', set: true, updatedAt: '2026-12-09T14:00:00.000Z' }],
  views: [],
  canReveal: false,
};

function render(data: StaffHomeProfileAnswer): string {
  const client = new QueryClient();
  client.setQueryData(homeProfileQuery('c1').queryKey, data);
  return renderToStaticMarkup(
    <QueryClientProvider client={client}>
      <HomeProfileCard contactId="c1" />
    </QueryClientProvider>,
  );
}

describe('the home profile on the staff customer page', () => {
  it('shows the plain fields and that a code is set; office staff get no Reveal', () => {
    const html = render(answer);
    expect(html).toContain('<h3>Home profile</h3>');
    expect(html).toContain('<dt>How to get in</dt><dd>Side gate</dd>');
    expect(html).toContain('<dt>Pets</dt><dd>A dog</dd>');
    expect(html).toContain('Porch lockbox (Lockbox code): <span data-secret-set="">set</span>');
    expect(html).not.toContain('Reveal Porch lockbox');
    expect(html).toContain('Only an admin can reveal a code, with a reason.');
  });

  it('offers an admin Reveal for each code', () => {
    expect(render({ ...answer, canReveal: true })).toContain('aria-label="Reveal Porch lockbox">Reveal</button>');
  });
});
