import { describe, expect, it } from 'vitest';
import { csvCell, neutraliseFormula, restoreFormula } from './csv-formula.ts';

describe('spreadsheet formulas in CSV cells', () => {
  it('puts a quote before a cell that would run as a formula; a signed number stays a number', () => {
    expect(neutraliseFormula('=1+2')).toBe("'=1+2");
    expect(neutraliseFormula('@SUM(A1)')).toBe("'@SUM(A1)");
    expect(neutraliseFormula('+cmd')).toBe("'+cmd");
    expect(neutraliseFormula('-x')).toBe("'-x");
    expect(neutraliseFormula('\tx')).toBe("'\tx");
    expect(neutraliseFormula('-1')).toBe('-1');
    expect(neutraliseFormula('+966501234567')).toBe('+966501234567');
    expect(neutraliseFormula('Sara')).toBe('Sara');
    expect(neutraliseFormula('')).toBe('');
  });

  it('takes the added quote off again on import, and only that one', () => {
    for (const v of ['=1+2', '@SUM(A1)', '+cmd', '-x', '-1', 'Sara', "'quoted", "O'Brien"]) {
      expect(restoreFormula(neutraliseFormula(v))).toBe(v);
    }
    expect(restoreFormula("'-1")).toBe("'-1"); // never added before a number: typed by a person
    expect(restoreFormula("'hello")).toBe("'hello");
  });

  it('writes a whole cell: quoted when needed, formulas neutralised, empty for nothing', () => {
    expect(csvCell('=HYPERLINK("x")')).toBe('"\'=HYPERLINK(""x"")"');
    expect(csvCell('a, b')).toBe('"a, b"');
    expect(csvCell(-1.5)).toBe('-1.5');
    expect(csvCell(null)).toBe('');
    expect(csvCell(undefined)).toBe('');
  });
});
