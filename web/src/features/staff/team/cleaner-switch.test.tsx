import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { CleanerSwitch } from './cleaner-switch';

const render = (isCleaner: boolean) =>
  renderToStaticMarkup(
    <QueryClientProvider client={new QueryClient()}>
      <CleanerSwitch owner={{ id: 'o1', hubspotId: '101', name: 'Maria Alvarez', email: 'maria@example.com', active: true, isCleaner }} />
    </QueryClientProvider>,
  );

describe('the roster setting "is a cleaner"', () => {
  it('is a switch named after the owner, on when the owner is marked', () => {
    const on = render(true);
    expect(on).toMatch(/<label class="choice"><input type="checkbox" role="switch" checked=""\/>Maria Alvarez is a cleaner<\/label>/);
    expect(render(false)).toMatch(/<input type="checkbox" role="switch"\/>Maria Alvarez is a cleaner/);
  });
});
