import { describe, expect, it } from 'vitest';
import { HOME_TEXT_MAX, homeProfileSchema } from './home-profile';

describe('the home profile’s plain fields', () => {
  const empty = { accessInstructions: '', parking: '', pets: '', careNotes: '' };

  it('trims the words and makes an empty field null', () => {
    expect(homeProfileSchema.parse({ ...empty, accessInstructions: '  Side gate, then the blue door. ' })).toEqual({
      accessInstructions: 'Side gate, then the blue door.',
      parking: null,
      pets: null,
      careNotes: null,
    });
  });

  it('takes what it made of the form again (the page sends its parsed fields, an empty one as null)', () => {
    const once = homeProfileSchema.parse({ ...empty, pets: 'A shy cat.' });
    expect(homeProfileSchema.parse(once)).toEqual(once);
  });

  it('names the field that is too long or not text', () => {
    const long = homeProfileSchema.safeParse({ ...empty, parking: 'x'.repeat(HOME_TEXT_MAX + 1) });
    expect(long.error?.issues.map((i) => [i.path.join('.'), i.message])).toEqual([['parking', `Parking: please keep it to ${HOME_TEXT_MAX} characters.`]]);
    const number = homeProfileSchema.safeParse({ ...empty, pets: 3 });
    expect(number.error?.issues.map((i) => [i.path.join('.'), i.message])).toEqual([['pets', 'Pets: please enter text.']]);
  });
});
