import { describe, expect, it } from 'vitest';
import { FORMULA_CELLS, NUMBER_CELLS, SEPARATED_FORMULA_CELLS } from '../test/formula-cells.ts';
import { csvCell, neutraliseFormula, restoreFormula } from './csv-formula.ts';

describe('spreadsheet formulas in CSV cells', () => {
  it('puts a quote before a cell that would run as a formula', () => {
    for (const v of FORMULA_CELLS) expect(neutraliseFormula(v), v).toBe(`'${v}`);
    expect(neutraliseFormula('Sara')).toBe('Sara');
    expect(neutraliseFormula('1')).toBe('1');
    expect(neutraliseFormula('')).toBe('');
    expect(neutraliseFormula('-')).toBe("'-");
  });

  it('leaves a cell that is wholly a number (a signed amount, a phone number) as it is', () => {
    for (const v of NUMBER_CELLS) expect(neutraliseFormula(v), v).toBe(v);
  });

  it('takes the added quote off again on import, and only that one', () => {
    for (const v of [...FORMULA_CELLS, ...NUMBER_CELLS, 'Sara', "'quoted", "O'Brien", "'-1+1", "''=x", "'-1"]) {
      expect(restoreFormula(neutraliseFormula(v)), v).toBe(v);
    }
    expect(restoreFormula("'-1")).toBe("'-1"); // never added before a number: typed by a person
    expect(restoreFormula("'-12.5")).toBe("'-12.5");
    expect(restoreFormula("'hello")).toBe("'hello");
  });

  it('writes a whole cell: quoted when needed, formulas neutralised, empty for nothing', () => {
    expect(csvCell('=HYPERLINK("x")')).toBe('"\'=HYPERLINK(""x"")"');
    expect(csvCell("-1+1+cmd|' /C calc'!A0")).toBe("'-1+1+cmd|' /C calc'!A0");
    expect(csvCell('a, b')).toBe('"a, b"');
    expect(csvCell(-1.5)).toBe('-1.5');
    expect(csvCell(null)).toBe('');
    expect(csvCell(undefined)).toBe('');
  });

  it('neutralises a formula after any separator a spreadsheet may split on, and restores it on import', () => {
    for (const [v, out] of SEPARATED_FORMULA_CELLS) {
      expect(neutraliseFormula(v), JSON.stringify(v)).toBe(out);
      expect(restoreFormula(out), JSON.stringify(out)).toBe(v);
    }
  });

  it('quotes every cell that holds a separator of any list (, ; tab) or a quote, so it stays one cell', () => {
    expect(csvCell("x;=1+1+cmd|' /C calc'!A0")).toBe(`"x;'=1+1+cmd|' /C calc'!A0"`);
    expect(csvCell('a;b')).toBe('"a;b"');
    expect(csvCell('a\tb')).toBe('"a\tb"');
    expect(csvCell('say "hi"')).toBe('"say ""hi"""');
    expect(csvCell('plain')).toBe('plain');
  });
});
