import { describe, expect, it } from 'vitest';
import { csvCell } from './month-csv';

describe('a CSV cell', () => {
  it('is quoted when it holds a comma, a quote or a line break', () => {
    expect(csvCell('Owens, Ann')).toBe('"Owens, Ann"');
    expect(csvCell('6" shelf')).toBe('"6"" shelf"');
    expect(csvCell('two\nlines')).toBe('"two\nlines"');
    expect(csvCell('plain')).toBe('plain');
  });

  it('is never a formula when a spreadsheet opens it', () => {
    expect(['=SUM(A1)', '+1', '-2', '@cmd'].map(csvCell)).toEqual(["'=SUM(A1)", "'+1", "'-2", "'@cmd"]);
  });
});
