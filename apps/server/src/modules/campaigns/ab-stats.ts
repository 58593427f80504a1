/**
 * How sure an A/B test's result is: a two-sided two-proportion z-test on the variants' rates (the
 * standard test for "is B's open rate really different from A's"), with the pooled proportion.
 * Below 30 messages, or fewer than 5 hits or 5 misses in a variant, the normal approximation does
 * not hold: nothing is claimed then.
 */
import { errorFunction } from 'simple-statistics';

export interface Proportion {
  messages: number;
  hits: number;
}

export interface ZTest {
  p_value: number | null;
  confidence: number | null;
  significant: boolean;
  enough_data: boolean;
}

export const SIGNIFICANCE = 0.05;

const enough = (v: Proportion) => v.messages >= 30 && v.hits >= 5 && v.messages - v.hits >= 5;

/** Standard normal cumulative probability. */
const phi = (z: number) => 0.5 * (1 + errorFunction(z / Math.SQRT2));

export function twoProportionTest(a: Proportion, b: Proportion): ZTest {
  if (!enough(a) || !enough(b)) return { p_value: null, confidence: null, significant: false, enough_data: false };
  const pa = a.hits / a.messages;
  const pb = b.hits / b.messages;
  const pooled = (a.hits + b.hits) / (a.messages + b.messages);
  const se = Math.sqrt(pooled * (1 - pooled) * (1 / a.messages + 1 / b.messages));
  const z = se === 0 ? 0 : (pb - pa) / se;
  const p = Math.min(1, Math.max(0, 2 * (1 - phi(Math.abs(z)))));
  const rounded = Math.round(p * 10_000) / 10_000;
  return { p_value: rounded, confidence: Math.round((1 - p) * 10_000) / 10_000, significant: p < SIGNIFICANCE, enough_data: true };
}
