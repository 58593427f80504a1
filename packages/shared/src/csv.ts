/**
 * Spreadsheet formula injection (CWE-1236, the OWASP "CSV injection" rule), one rule for every CSV
 * the product writes (server exports and the charts' downloads).
 *
 * A spreadsheet runs a cell as a formula when it starts with = + - @ (or a tab or a carriage return).
 * Where a cell "starts" is not only the start of our cell: a spreadsheet whose list separator is `;`
 * (or a tool that splits on tabs or lines, ignoring the quotes) reads `x;=1+1+cmd|' /C calc'!A0` as
 * two cells, the second one a formula. So a ' goes in front of every place that could start a cell
 * (the start, and after each , ; tab, CR or LF) when a formula starts there, unless what follows, up
 * to the next separator, is a plain number (-12.5, a phone number +966501234567), which stays a
 * number. A sign followed by anything else (-1+1+cmd…, +1+HYPERLINK(…)) is a formula and gets the '.
 * A ' typed before a formula ('=x) gets one more, so `restoreFormula` (used by imports) gives back
 * exactly what was stored: an export imports back unchanged.
 *
 * The patterns use only what JavaScript and PostgreSQL's regular expressions (AREs) read alike, so
 * exports that PostgreSQL writes itself (COPY) apply the same rule (`FORMULA_PATTERN_SQL`).
 */

/** The characters after which a spreadsheet (or a careless splitter) may start a new cell. */
const SEPARATOR = '[,;\\t\\r\\n]';
/** What may follow a sign for the cell to be a plain number: digits, a fraction, an exponent, then a separator or the end. */
const NUMBER_AFTER_SIGN = `(?:[0-9]+(?:\\.[0-9]+)?|\\.[0-9]+)(?:[eE][+-]?[0-9]+)?(?:${SEPARATOR}|$)`;
/** At a cell start: any quotes already there, then a formula start that is not a plain signed number. */
const FORMULA_AHEAD = `'*(?:[\\t\\r=@]|[+-](?!${NUMBER_AFTER_SIGN}))`;

/**
 * A place where a cell may start: the start, or just after a separator. Zero-width (a look-behind),
 * so a separator that is itself a formula start (a tab, a CR at the start) is seen both ways.
 */
const CELL_START = `(?:^|(?<=${SEPARATOR}))`;
const NEUTRALISE = `${CELL_START}(?=${FORMULA_AHEAD})`;
const RESTORE = `${CELL_START}'(?=${FORMULA_AHEAD})`;

/** The neutralising pattern, for SQL (`regexp_replace(x, pattern, '''', 'g')`: a ' at each place it matches). */
export const FORMULA_PATTERN_SQL = NEUTRALISE;

/** The text as it should be written into a CSV cell (quoting is the writer's job). */
export function neutraliseFormula(text: string): string {
  return text.replace(new RegExp(NEUTRALISE, 'g'), "'");
}

/** A cell read back from a file: each ' that `neutraliseFormula` added is taken off again. */
export function restoreFormula(text: string): string {
  return text.replace(new RegExp(RESTORE, 'g'), '');
}

/**
 * One CSV cell, formulas neutralised; null and undefined are empty. Quoted (RFC 4180) when it holds
 * a quote, a line break or any list separator a spreadsheet may use (, ; tab), so it stays one cell
 * whichever separator the reader's spreadsheet expects. A number stays a number.
 */
export function csvCell(value: unknown): string {
  if (value === null || value === undefined) return '';
  const text = typeof value === 'number' ? String(value) : neutraliseFormula(String(value));
  return /[",;\t\r\n]/.test(text) ? `"${text.replace(/"/g, '""')}"` : text;
}
