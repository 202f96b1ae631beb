import { describe, expect, it } from 'vitest';
import { cardIdInHash, dealCardId, portalDealPath } from '@app/shared/routes';

describe('the card a portal link names', () => {
  it('is the deal card of the quote e-mail\'s link', () => {
    const hash = portalDealPath('cm1abc').slice(portalDealPath('cm1abc').indexOf('#'));
    expect(cardIdInHash(hash)).toBe(dealCardId('cm1abc'));
  });

  it('is nothing for no fragment or one naming something else', () => {
    expect(cardIdInHash('')).toBeNull();
    expect(cardIdInHash('#')).toBeNull();
    expect(cardIdInHash('#deal-')).toBeNull();
    expect(cardIdInHash('#main')).toBeNull();
    expect(cardIdInHash('#deal-%E0')).toBeNull();
  });
});
