/** Pure helpers of Campaign History: a campaign's results from its report, and two campaigns compared. */
import type { CampaignReport, CampaignResults } from './api/types.ts';
import { share } from './report.ts';

/** The list's results of a campaign, from its report's total row (the same rollups, the same rates). */
export function resultsOfReport(report: CampaignReport): CampaignResults {
  const all = report.funnel.find((f) => f.channel === 'all');
  const sent = all?.sent ?? 0;
  const delivered = all?.delivered ?? 0;
  const opened = all?.opened ?? 0;
  const clicked = all?.clicked ?? 0;
  return {
    messages: all?.messages ?? 0,
    sent,
    delivered,
    opened,
    clicked,
    failed: all?.failed ?? 0,
    cost: report.cost,
    delivery_rate: share(delivered, sent),
    open_rate: share(opened, delivered),
    click_rate: share(clicked, delivered),
  };
}

export type CompareKey = 'messages' | 'sent' | 'delivery_rate' | 'open_rate' | 'click_rate' | 'failed' | 'cost';

export interface CompareRow {
  key: CompareKey;
  kind: 'count' | 'rate' | 'money';
  a: number;
  b: number;
  /** b - a (a rate's difference in percentage points, as a fraction) */
  delta: number;
  /** the better side; null when equal or when more is not better (messages, cost) */
  better: 'A' | 'B' | null;
}

const ROWS: { key: CompareKey; kind: CompareRow['kind']; higherIsBetter: boolean | null }[] = [
  { key: 'messages', kind: 'count', higherIsBetter: null },
  { key: 'sent', kind: 'count', higherIsBetter: null },
  { key: 'delivery_rate', kind: 'rate', higherIsBetter: true },
  { key: 'open_rate', kind: 'rate', higherIsBetter: true },
  { key: 'click_rate', kind: 'rate', higherIsBetter: true },
  { key: 'failed', kind: 'count', higherIsBetter: false },
  { key: 'cost', kind: 'money', higherIsBetter: null },
];

/** The metrics of two campaigns side by side with B - A. */
export function compareRows(a: CampaignResults, b: CampaignResults): CompareRow[] {
  return ROWS.map(({ key, kind, higherIsBetter }) => {
    const va = Number(a[key]);
    const vb = Number(b[key]);
    // cost keeps its five decimals exact
    const delta = kind === 'money' ? (Math.round(vb * 100_000) - Math.round(va * 100_000)) / 100_000 : vb - va;
    const better = higherIsBetter === null || delta === 0 ? null : delta > 0 === higherIsBetter ? 'B' : 'A';
    return { key, kind, a: va, b: vb, delta, better };
  });
}
