/**
 * A share question's two parts: the whole (the rows counted) and the part (those of them that also
 * match). Both must be understood, or there is no share to state.
 */
import type { QueryFilter } from '@risala/shared/schemas/ai-query';
import type { State } from './assemble.ts';
import type { Sense } from './senses.ts';

/**
 * Which filters are the share's part and which its whole: the part is what is said after the last
 * clause cue ("who / that / with / live in / gave …") that has a filter after it — "customers who
 * speak Arabic | live in Riyadh" is Riyadh among Arabic speakers — else the last filter said. With
 * no filter at all there is no part, and no share.
 */
export function splitShare(st: State, filters: QueryFilter[]): { base: QueryFilter[]; where: QueryFilter[] } | null {
  if (filters.length === 0) return null;
  const placed = st.filters.filter((p) => filters.includes(p.filter));
  const cues = st.items
    .map((x, i) => (i > st.entityAt && (x.senses.some((s) => CUES.has(s.t)) || RELATIVES.has(x.text)) ? i : -1))
    .filter((i) => i >= 0)
    .reverse();
  const cue = cues.find((c) => placed.some((p) => p.at > c));
  let where = cue === undefined ? [] : placed.filter((p) => p.at > cue).map((p) => p.filter);
  // no cue: what is said before the entity ("Arabic customers") is the whole, what follows it the part
  // ("customers have both email and phone": both)
  if (where.length === 0) where = placed.filter((p) => p.at > st.entityAt).map((p) => p.filter);
  if (where.length === 0) where = [filters[filters.length - 1] as QueryFilter];
  const base = filters.filter((f) => !where.includes(f));
  return { base, where };
}

const CUES: ReadonlySet<Sense['t']> = new Set(['marker', 'consent', 'reach', 'with', 'not']);

const RELATIVES = new Set(['who', 'that', 'whose', 'which', 'الذين', 'اللي', 'ممن', 'التي', 'الذي', 'اللذين']);
