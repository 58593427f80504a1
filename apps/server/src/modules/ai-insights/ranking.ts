/**
 * Which insights are shown, and in what order: by how much they matter — the severity, then how
 * many messages or customers they concern — and none that is trivial (an informational finding on
 * a handful of messages; credits that last beyond the horizon are already left out by their
 * detector). The order is the dashboard's and the summary's.
 */
import type { Found } from './detectors.ts';

const WEIGHT = { critical: 1000, warning: 100, opportunity: 10, info: 1 } as const;
/** An informational finding on fewer messages or customers than this is not worth a card. */
export const MIN_INFO_SAMPLE = 100;

/** Severity first, then reach: a warning on 10,000 messages before one on 50. */
export const importance = (f: Found): number => WEIGHT[f.severity] * (1 + Math.log10(1 + Math.max(0, f.sample)));

export function isTrivial(f: Found): boolean {
  return f.severity === 'info' && f.sample < MIN_INFO_SAMPLE;
}

export function rankInsights(found: Found[]): Found[] {
  return found.filter((f) => !isTrivial(f)).sort((a, b) => importance(b) - importance(a) || a.id.localeCompare(b.id));
}
