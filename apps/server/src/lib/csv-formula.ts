/**
 * Spreadsheet formula injection (CWE-1236): a CSV cell that starts with = + - @ (or a tab or a
 * carriage return) is run as a formula when the file is opened in Excel or LibreOffice. Cells we
 * write get a leading ' in front (shown as text), except a signed number, which stays a number.
 * Imports take the ' off again, so an export imports back unchanged.
 */

const FORMULA_START = /^[=+\-@\t\r]/;
const SIGNED_NUMBER = /^[+-]?\d/;

/** The text as it should be written into a CSV cell (quoting is the writer's job). */
export function neutraliseFormula(text: string): string {
  return FORMULA_START.test(text) && !SIGNED_NUMBER.test(text) ? `'${text}` : text;
}

/** One CSV cell (RFC 4180 quoting), formulas neutralised; null and undefined are empty. */
export function csvCell(value: unknown): string {
  if (value === null || value === undefined) return '';
  const text = neutraliseFormula(String(value));
  return /[",\r\n]/.test(text) ? `"${text.replace(/"/g, '""')}"` : text;
}

/** A cell read back from a file: the ' that `neutraliseFormula` added is taken off again. */
export function restoreFormula(text: string): string {
  if (text.charCodeAt(0) !== 39 /* ' */) return text;
  const rest = text.slice(1);
  return FORMULA_START.test(rest) && !SIGNED_NUMBER.test(rest) ? rest : text;
}

/**
 * The same rule in SQL, for exports that PostgreSQL writes itself (COPY … TO STDOUT): `expr` is a
 * text expression, the result is that text neutralised.
 */
export function neutraliseFormulaSql(expr: string): string {
  return `(case when ${expr} ~ '^[=+@\\t\\r-]' and ${expr} !~ '^[+-]?[0-9]' then '''' || ${expr} else ${expr} end)`;
}
