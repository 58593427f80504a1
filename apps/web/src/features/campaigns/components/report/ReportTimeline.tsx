/** What happened over time: sends, receipts, opens, clicks and failures per bucket, with labelled axes. */
import '@mantine/charts/styles.css';
import { BarChart } from '@mantine/charts';
import { timeZoneName } from '@risala/shared/time';
import { useTranslation } from 'react-i18next';
import { columnAxes, HIDDEN_FROM_KEYBOARD } from '../../../../components/charts/axes.ts';
import { ChartCard, type Column } from '../../../../components/charts/ChartCard.tsx';
import type { CampaignReport } from '../../api/types.ts';
import { activeSeries } from '../../report.ts';
import type { ReportFormats } from './formats.ts';

const COLORS = { sent: 'blue.5', delivered: 'green.6', opened: 'grape.6', clicked: 'cyan.6', failed: 'red.6' } as const;

export function ReportTimeline({ report, f }: { report: CampaignReport; f: ReportFormats }) {
  const { t, i18n } = useTranslation();
  // the zone's name in the reader's language ("Saudi Arabia Time"), as the dashboard says it
  const zone = timeZoneName(report.timezone, i18n.language);
  const rows = report.timeline.map((p) => ({ ...p, label: f.bucket(p.at, report.bucket) }));
  const keys = activeSeries(report.timeline);
  const series = keys.map((k) => ({ name: k, label: t(`campaignReport.series.${k}`), color: COLORS[k] }));
  const columns: Column<(typeof rows)[number]>[] = [
    { key: 'at', label: t('campaignReport.timeline.time', { zone }), value: (r) => r.at, render: (r) => r.label },
    ...keys.map((k) => ({
      key: k,
      label: t(`campaignReport.series.${k}`),
      numeric: true,
      value: (r: (typeof rows)[number]) => r[k],
      render: (r: (typeof rows)[number]) => f.num(r[k]),
    })),
  ];
  return (
    <ChartCard
      id="report-timeline"
      title={t('campaignReport.timeline.title')}
      subtitle={t(`campaignReport.timeline.per.${report.bucket}`, { zone })}
      height={280}
      loading={false}
      empty={rows.length === 0}
      emptyText={t('campaignReport.timeline.empty')}
      columns={columns}
      rows={rows}
    >
      <BarChart
        barChartProps={HIDDEN_FROM_KEYBOARD}
        h={280}
        data={rows}
        dataKey="label"
        series={series}
        withLegend
        legendProps={{ verticalAlign: 'bottom' }}
        xAxisLabel={t('campaignReport.timeline.time', { zone })}
        yAxisLabel={t('campaignReport.timeline.count')}
        {...columnAxes(f)}
      />
    </ChartCard>
  );
}
