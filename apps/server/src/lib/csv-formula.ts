/**
 * Spreadsheet formula injection (CWE-1236, the OWASP "CSV injection" rule): a CSV cell that starts
 * with = + - @ (or a tab or a carriage return) is run as a formula when the file is opened in Excel
 * or LibreOffice. Cells we write get a leading ' in front (shown as text), unless the whole cell is
 * a plain number (-12.5, a phone number +966501234567), which stays a number. A sign followed by
 * anything else (-1+1+cmd|' /C calc'!A0, +1+HYPERLINK(…)) is a formula and gets the quote.
 * Imports take the ' off again, so an export imports back unchanged.
 */

const FORMULA_START = /^[=+\-@\t\r]/;
/** The whole cell is a number: optional sign, digits with an optional fraction, optional exponent. */
const WHOLE_NUMBER = /^[+-]?(\d+(\.\d+)?|\.\d+)([eE][+-]?\d+)?$/;

const isFormula = (text: string) => FORMULA_START.test(text) && !WHOLE_NUMBER.test(text);
/** A cell whose text after any leading ' would run: those are the cells that get (and lose) one ' more. */
const needsQuote = (text: string) => isFormula(text.replace(/^'+/, ''));

/**
 * The text as it should be written into a CSV cell (quoting is the writer's job). A cell typed with
 * a ' before a formula ('=x) gets one more too, so `restoreFormula` gives back exactly what was stored.
 */
export function neutraliseFormula(text: string): string {
  return needsQuote(text) ? `'${text}` : text;
}

/** One CSV cell (RFC 4180 quoting), formulas neutralised; null and undefined are empty. */
export function csvCell(value: unknown): string {
  if (value === null || value === undefined) return '';
  const text = neutraliseFormula(String(value));
  return /[",\r\n]/.test(text) ? `"${text.replace(/"/g, '""')}"` : text;
}

/** A cell read back from a file: the ' that `neutraliseFormula` added is taken off again. */
export function restoreFormula(text: string): string {
  return text.charCodeAt(0) === 39 /* ' */ && needsQuote(text) ? text.slice(1) : text;
}

/**
 * The same rule in SQL, for exports that PostgreSQL writes itself (COPY … TO STDOUT): `expr` is a
 * text expression, the result is that text neutralised. The regular expressions are the ones above
 * in POSIX form; the customer export test runs both forms on the same cells.
 */
export function neutraliseFormulaSql(expr: string): string {
  const core = `ltrim(${expr}, '''')`;
  return `(case when ${core} ~ '^[=+@\\t\\r-]' and ${core} !~ '^[+-]?([0-9]+(\\.[0-9]+)?|\\.[0-9]+)([eE][+-]?[0-9]+)?$' then '''' || ${expr} else ${expr} end)`;
}
