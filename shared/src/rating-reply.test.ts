import { describe, expect, it } from 'vitest';
import { parseRating } from './rating-reply';

describe('parseRating', () => {
  it.each([
    ['5', 5],
    [' 4 ', 4],
    ['1.', 1],
    ['3!', 3],
    ['4/5', 4],
    ['4 / 5', 4],
    ['2 out of 5', 2],
    ['5 stars', 5],
    ['1 star', 1],
  ])('reads the digit in %j as %i', (text, rating) => {
    expect(parseRating(text)).toBe(rating);
  });

  it.each([
    ['five', 5],
    ['Five!', 5],
    ['FOUR STARS', 4],
    ['three out of five', 3],
    ['two', 2],
    ['One star.', 1],
  ])('reads the word in %j as %i', (text, rating) => {
    expect(parseRating(text)).toBe(rating);
  });

  it.each([
    ['⭐⭐⭐⭐⭐', 5],
    ['⭐ ⭐ ⭐', 3],
    ['★★★★', 4],
    ['🌟', 1],
    ['5️⃣', 5],
    ['2⃣', 2],
  ])('reads the stars or keycap in %j as %i', (text, rating) => {
    expect(parseRating(text)).toBe(rating);
  });

  it.each([
    '',
    '   ',
    '0',
    '6',
    '10',
    '3.5',
    '-2',
    '⭐⭐⭐⭐⭐⭐',
    '4, but the oven was missed',
    'five stars, she was great!',
    'can she come at 10 instead?',
    'gate code changed',
    'thank you!',
    'STOP',
    'six',
    '5 5',
    '6️⃣',
  ])('takes %j as a normal reply', (text) => {
    expect(parseRating(text)).toBeNull();
  });
});
