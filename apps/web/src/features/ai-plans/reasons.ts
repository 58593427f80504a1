/** A plan's remark in the reader's language: its catalogue text with channel, segment, error and language names translated. */
import type { PlanReason } from '@risala/shared/schemas/ai-plans';
import type { TFunction } from 'i18next';

export function reasonText(t: TFunction, r: PlanReason, formatNumber: (n: number) => string = String): string {
  const params: Record<string, string> = {};
  for (const [k, v] of Object.entries(r.params)) {
    if (k === 'channel') params[k] = t(`ai.channels.${v}`);
    else if (k === 'segment') params[k] = t(`aiPlans.segments.${v}`);
    else if (k === 'error') params[k] = t(`errors.${v}`);
    else if (k === 'language') params[k] = t(`aiPlans.languages.${v}`);
    else params[k] = typeof v === 'number' ? formatNumber(v) : v;
  }
  return t(`aiPlans.reasons.${r.key}`, params);
}
