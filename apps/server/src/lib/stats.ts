/**
 * Statistics that deserve the name, for every "best hour / day / channel", trend or winner the
 * product states: a bucket counts only with enough messages and enough of the outcome measured
 * (opens, clicks…), its rate is given with a 95% Wilson interval, and a best is "clear" only when
 * its interval lies wholly above the runner-up's. Below the minimum, callers say what is missing.
 */

/** Messages a bucket (an hour, a weekday, a channel) needs before its rate is compared. */
export const MIN_BUCKET_SAMPLE = 30;
/** Outcome events (opens, reads, clicks, deliveries) the best bucket needs before it is named. */
export const MIN_BUCKET_EVENTS = 30;

export interface Interval {
  low: number;
  high: number;
}

/** 95% Wilson score interval of k successes out of n (proportions, 0–1). */
export function wilson(k: number, n: number, z = 1.96): Interval {
  if (n <= 0) return { low: 0, high: 0 };
  const p = Math.min(1, Math.max(0, k / n));
  const d = 1 + (z * z) / n;
  const centre = (p + (z * z) / (2 * n)) / d;
  const half = (z * Math.sqrt((p * (1 - p)) / n + (z * z) / (4 * n * n))) / d;
  return { low: Math.max(0, centre - half), high: Math.min(1, centre + half) };
}

export interface Bucket<K = string | number | null> {
  key: K;
  label: string;
  /** the outcome counted (opens, clicks, deliveries) */
  events: number;
  /** the messages it is a share of */
  sample: number;
}

export interface Judged<K> extends Bucket<K> {
  /** events / sample, 0–1 */
  rate: number;
  interval: Interval;
}

export type Verdict<K = string | number | null> =
  /** the best's interval lies above the runner-up's */
  | { kind: 'clear'; best: Judged<K>; next: Judged<K>; compared: number }
  /** ahead, but within the margin of the next one: not a finding yet */
  | { kind: 'lead'; best: Judged<K>; next: Judged<K>; compared: number }
  /** too little to say: the bucket with the most events so far, and how many buckets had enough messages */
  | { kind: 'insufficient'; most: Judged<K> | null; compared: number };

const judged = <K>(b: Bucket<K>): Judged<K> => ({
  ...b,
  rate: b.sample > 0 ? b.events / b.sample : 0,
  interval: wilson(b.events, b.sample),
});

/**
 * The best bucket (highest rate; `asc`: lowest), stated only when at least two buckets hold
 * MIN_BUCKET_SAMPLE messages and the best has MIN_BUCKET_EVENTS events (for `asc`, as many misses:
 * a low rate has few events by nature).
 */
export function judgeBest<K>(buckets: readonly Bucket<K>[], order: 'desc' | 'asc' = 'desc'): Verdict<K> {
  const all = buckets.map(judged);
  const eligible = all.filter((b) => b.sample >= MIN_BUCKET_SAMPLE);
  const most = [...all].sort((a, b) => b.events - a.events || b.sample - a.sample)[0] ?? null;
  if (eligible.length < 2) return { kind: 'insufficient', most, compared: eligible.length };
  const ranked = [...eligible].sort((a, b) => (order === 'desc' ? b.rate - a.rate : a.rate - b.rate) || b.sample - a.sample);
  const best = ranked[0] as Judged<K>;
  const next = ranked[1] as Judged<K>;
  // the lowest is named on its misses (failures of a delivery rate), the highest on its events
  const evidence = order === 'desc' ? best.events : best.sample - best.events;
  if (evidence < MIN_BUCKET_EVENTS) return { kind: 'insufficient', most, compared: eligible.length };
  const separated = order === 'desc' ? best.interval.low > next.interval.high : best.interval.high < next.interval.low;
  return { kind: separated ? 'clear' : 'lead', best, next, compared: eligible.length };
}
