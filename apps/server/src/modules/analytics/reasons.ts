/**
 * Failure reasons as people read them: the rollups keep a failure's code (the history filters by
 * it), and the text comes from the catalogue — the dashboard's own words for the pipeline's codes,
 * else the history's reading of an ESME or error code, else the code itself.
 */
import { hasKey, translate } from '@risala/shared/i18n/index.ts';
import { type Lang, readableError } from '../messaging/index.ts';

export function failureReason(code: string, status: string, lang: Lang): string {
  if (code === '') return translate(lang, `dashboard.reasons.none.${status}`);
  if (hasKey(lang, `dashboard.reasons.${code}`)) return translate(lang, `dashboard.reasons.${code}`);
  return readableError(code, null, lang) ?? code;
}
