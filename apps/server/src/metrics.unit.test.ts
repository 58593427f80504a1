import { readFileSync } from 'node:fs';
import path from 'node:path';
import type pg from 'pg';
import { describe, expect, it } from 'vitest';
import { collectProcessMetrics, registry } from './metrics.ts';
import { registerDatabaseMetrics } from './metrics-db.ts';

const ROOT = path.resolve(import.meta.dirname, '../../..');

describe('the Grafana dashboard (ops/grafana/risala.json)', () => {
  it('charts only metrics the server exports, and every business metric it exports', () => {
    collectProcessMetrics(); // what registerMetrics starts with the app
    registerDatabaseMetrics({ query: async () => ({ rows: [] }) } as unknown as pg.Pool);
    const exported = new Set(registry.getMetricsAsArray().map((m) => m.name));
    const dashboard = JSON.parse(readFileSync(path.join(ROOT, 'ops/grafana/risala.json'), 'utf8')) as {
      panels: { targets?: { expr: string }[] }[];
    };
    const exprs = dashboard.panels.flatMap((p) => p.targets ?? []).map((t) => t.expr);
    const used = new Set(exprs.flatMap((e) => e.match(/risala_[a-z0-9_]+/g) ?? []).map((n) => n.replace(/_(bucket|count|sum)$/, '')));
    expect([...used].filter((n) => !exported.has(n))).toEqual([]);
    // Node's own metrics may stay off the dashboard; ours may not
    const ours = [...exported].filter((n) => !/^risala_(process|nodejs)_/.test(n));
    expect(ours.filter((n) => !used.has(n))).toEqual([]);
  });
});
