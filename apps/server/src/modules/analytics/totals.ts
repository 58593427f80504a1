/** Adding rollup rows up into the API's totals (cost kept exact in 1/100,000 of the currency). */
import type { Totals } from '@risala/shared/schemas/dashboard';
import type { MeasureRow } from './source.ts';

export interface Acc {
  messages: number;
  sent: number;
  delivered: number;
  opened: number;
  clicked: number;
  engaged: number;
  failed: number;
  unsubscribed: number;
  credits: number;
  /** cost in 1/100,000 of the invoice currency (the column's scale) */
  cost5: number;
}

export const emptyAcc = (): Acc => ({
  messages: 0,
  sent: 0,
  delivered: 0,
  opened: 0,
  clicked: 0,
  engaged: 0,
  failed: 0,
  unsubscribed: 0,
  credits: 0,
  cost5: 0,
});

export function add(acc: Acc, r: MeasureRow): Acc {
  acc.messages += Number(r.n);
  acc.sent += Number(r.sent);
  acc.delivered += Number(r.delivered);
  acc.opened += Number(r.opened);
  acc.clicked += Number(r.clicked);
  acc.engaged += Number(r.engaged);
  acc.failed += Number(r.failed);
  acc.unsubscribed += Number(r.unsubscribed);
  acc.credits += Number(r.credits);
  acc.cost5 += Math.round(Number(r.cost ?? 0) * 100_000);
  return acc;
}

export const costText = (cost5: number) => (cost5 / 100_000).toFixed(5);

export function toTotals(a: Acc): Totals {
  return {
    messages: a.messages,
    sent: a.sent,
    delivered: a.delivered,
    opened: a.opened,
    clicked: a.clicked,
    failed: a.failed,
    unsubscribed: a.unsubscribed,
    credits: a.credits,
    cost: costText(a.cost5),
  };
}

/** part ÷ whole, 0 when there is no whole (a rate over nothing is not a rate). */
export const rate = (part: number, whole: number) => (whole > 0 ? part / whole : 0);

/** Get-or-create in a map of accumulators. */
export function accOf<K>(map: Map<K, Acc>, key: K): Acc {
  let a = map.get(key);
  if (!a) {
    a = emptyAcc();
    map.set(key, a);
  }
  return a;
}
