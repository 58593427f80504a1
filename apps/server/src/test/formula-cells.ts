/** Spreadsheet-injection test cells shared by the CSV tests (unit and every export path). */

/** Cells a spreadsheet would run as a formula: every export writes them with a leading '. */
export const FORMULA_CELLS = [
  '=1+2',
  '@SUM(A1)',
  '+cmd',
  '-x',
  '\tx',
  '\r=1',
  "-1+1+cmd|' /C calc'!A0",
  '+1+HYPERLINK("http://evil.example","x")',
  '-2-3',
  '+966 50 123 4567',
  "'=typed with a quote",
];

/** Cells that are wholly a number (a signed amount, a phone number): written as they are. */
export const NUMBER_CELLS = ['-1', '-12.5', '+966501234567', '+0', '-.5', '1e5', '-2E-3'];
