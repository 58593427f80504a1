/** Spreadsheet-injection test cells shared by the CSV tests (unit and every export path). */

/** Cells a spreadsheet would run as a formula: every export writes them with a leading '. */
export const FORMULA_CELLS = [
  '=1+2',
  '@SUM(A1)',
  '+cmd',
  '-x',
  '\tx',
  "-1+1+cmd|' /C calc'!A0",
  '+1+HYPERLINK("http://evil.example","x")',
  '-2-3',
  '+966 50 123 4567',
  "'=typed with a quote",
];

/** Cells that are wholly a number (a signed amount, a phone number): written as they are. */
export const NUMBER_CELLS = ['-1', '-12.5', '+966501234567', '+0', '-.5', '1e5', '-2E-3'];

/**
 * Cells that hold a list separator before a formula: a spreadsheet whose separator is `;` (or a
 * splitter that ignores quotes) reads the part after it as a cell of its own. Each maps to what an
 * export writes into the cell (before CSV quoting).
 */
export const SEPARATED_FORMULA_CELLS: [string, string][] = [
  ["x;=1+1+cmd|' /C calc'!A0", "x;'=1+1+cmd|' /C calc'!A0"],
  ['a,@SUM(A1)', "a,'@SUM(A1)"],
  ['a\t+cmd', "a\t'+cmd"],
  ['line\n-2-3', "line\n'-2-3"],
  ['=1;=2', "'=1;'=2"],
  ['x;;=1', "x;;'=1"],
  ["x;'=typed", "x;''=typed"],
  ['-1;+966501234567,-2.5', '-1;+966501234567,-2.5'],
  ['+1;x', '+1;x'],
  ['x; =1', 'x; =1'],
  ['\r=1', "'\r'=1"],
  ['\t\t=1', "'\t'\t'=1"],
];
