import { describe, expect, it } from 'vitest';
import { dealCardId } from '@app/shared/routes';
import { cardHashAfterSignIn } from './login-form';

describe('where signing in goes', () => {
  it('back to the card a link named (the quote e-mail opened signed out)', () => {
    expect(cardHashAfterSignIn({ afterSignIn: `#${dealCardId('cm1abc')}` })).toBe('#deal-cm1abc');
  });

  it("to the portal's top for no state, another state, or a fragment that names no card", () => {
    for (const state of [null, undefined, 'x', { signedOut: true }, { afterSignIn: '#main' }, { afterSignIn: 42 }, { afterSignIn: 'https://elsewhere.example/#deal-1' }]) {
      expect(cardHashAfterSignIn(state)).toBe('');
    }
  });
});
