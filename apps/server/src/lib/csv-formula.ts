/**
 * Spreadsheet formula injection: the rule lives in `@risala/shared/csv` (the web's chart downloads
 * use it too); this file adds its SQL form for the exports PostgreSQL writes itself.
 */
import { FORMULA_PATTERN_SQL } from '@risala/shared/csv';

export { csvCell, neutraliseFormula, restoreFormula } from '@risala/shared/csv';

/**
 * The same rule in SQL, for exports that PostgreSQL writes itself (COPY … TO STDOUT): `expr` is a
 * text expression, the result is that text neutralised. The pattern is the JavaScript one (written
 * in what both engines read alike); the customer export test runs both forms on the same cells.
 */
export function neutraliseFormulaSql(expr: string): string {
  return `regexp_replace(${expr}, '${FORMULA_PATTERN_SQL.replace(/'/g, "''")}', '''', 'g')`;
}
