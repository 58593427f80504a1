/** A horizontal bar chart of labelled rows (top campaigns, destinations), bars from the start side. */
import { BarChart } from '../../../components/charts/deferred.tsx';
import type { ReactNode } from 'react';
import { ChartCard, type Column } from '../../../components/charts/ChartCard.tsx';
import type { Formats } from '../format.ts';
import { barAxes, HIDDEN_FROM_KEYBOARD } from '../../../components/charts/axes.ts';

export interface HBarSeries {
  name: string;
  label: string;
  color: string;
}

interface Props<R extends { label: string }> {
  id: string;
  title: string;
  subtitle?: string;
  rows: R[];
  series: HBarSeries[];
  columns: Column<R>[];
  loading: boolean;
  emptyText: string;
  emptyAction?: ReactNode;
  f: Formats;
  stacked?: boolean;
  /** the most rows it shows: the card keeps that height whatever arrives (no layout jump) */
  slots: number;
  valueFormatter?: (v: number) => string;
  /** the value axis' ticks (counts by default) */
  tickFormatter?: (v: number) => string;
  labelWidth?: number;
  /** a bar opens what it stands for (the table view has the same links for keyboards and readers) */
  onBarClick?: (row: R) => void;
  /** a label drawn by the caller (the default wraps the text) */
  tick?: (props: any) => React.ReactElement;
}

export function HBarChart<R extends { label: string }>({
  id,
  title,
  subtitle,
  rows,
  series,
  columns,
  loading,
  emptyText,
  emptyAction,
  f,
  stacked,
  valueFormatter,
  tickFormatter,
  labelWidth,
  tick,
  slots,
  onBarClick,
}: Props<R>) {
  const height = slots * 34 + 60;
  const base = barAxes(f, labelWidth, tickFormatter);
  const axes = tick ? { ...base, yAxisProps: { ...base.yAxisProps, tick } } : base;
  return (
    <ChartCard
      id={id}
      title={title}
      subtitle={subtitle}
      height={height}
      loading={loading}
      empty={rows.length === 0}
      emptyText={emptyText}
      emptyAction={emptyAction}
      columns={columns}
      rows={rows}
    >
      <BarChart
        barChartProps={HIDDEN_FROM_KEYBOARD}
        h={height}
        data={rows as unknown as Record<string, unknown>[]}
        dataKey="label"
        orientation="vertical"
        type={stacked ? 'stacked' : 'default'}
        series={series}
        withLegend={series.length > 1}
        legendProps={{ verticalAlign: 'bottom' }}
        {...axes}
        valueFormatter={valueFormatter ?? axes.valueFormatter}
        barProps={onBarClick ? { onClick: (bar: { payload?: R }) => bar.payload && onBarClick(bar.payload), cursor: 'pointer' } : undefined}
      />
    </ChartCard>
  );
}
