/** Top campaigns by delivered and by engagement (each linking to its report), and destinations. */
import { Anchor } from '@mantine/core';
import type { CampaignRank, DashboardOverview, Destination } from '@risala/shared/schemas/dashboard';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate } from 'react-router';
import { countryName } from '../../../lib/country-name.ts';
import type { Column } from '../../../components/charts/ChartCard.tsx';
import type { Formats } from '../format.ts';
import { HBarChart } from './HBarChart.tsx';

const reportLink = (id: number) => `/campaignhistory?campaign=${id}`;

export function TopCampaigns({
  data,
  loading,
  f,
  by,
}: {
  data?: DashboardOverview;
  loading: boolean;
  f: Formats;
  by: 'delivered' | 'engagement';
}) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  // campaigns nobody engaged with are not a ranking: the card says there is no engagement yet
  const list = (by === 'delivered' ? data?.top_delivered : data?.top_engagement?.filter((c) => c.engagement_rate > 0)) ?? [];
  const rows = list.map((c) => ({ ...c, label: c.name, engagement: Math.round(c.engagement_rate * 1000) / 10 }));
  // the Opened/Read card counts every message of the period (the same rollup); this ranking only
  // campaigns': with opens but none in a campaign, the card says where those opens are
  const current = data?.current;
  const singlesOnly = list.length === 0 && Boolean(current && current.opened + current.clicked > 0);
  const columns: Column<CampaignRank & { label: string }>[] = [
    {
      key: 'name',
      label: t('dashboard.top.campaign'),
      value: (r) => r.name,
      render: (r) => (
        <Anchor component={Link} to={reportLink(r.campaign_id)} size="sm">
          <bdi>{r.name}</bdi>
        </Anchor>
      ),
    },
    { key: 'sent', label: t('dashboard.kpi.sent'), numeric: true, value: (r) => r.sent, render: (r) => f.num(r.sent) },
    { key: 'delivered', label: t('dashboard.kpi.delivered'), numeric: true, value: (r) => r.delivered, render: (r) => f.num(r.delivered) },
    { key: 'opened', label: t('dashboard.kpi.opened'), numeric: true, value: (r) => r.opened, render: (r) => f.num(r.opened) },
    { key: 'clicked', label: t('dashboard.kpi.clicked'), numeric: true, value: (r) => r.clicked, render: (r) => f.num(r.clicked) },
    {
      key: 'rate',
      label: t('dashboard.top.engagementRate'),
      numeric: true,
      value: (r) => r.engagement_rate,
      render: (r) => f.pct(r.engagement_rate),
    },
  ];
  return (
    <HBarChart
      id={`chart-top-${by}`}
      title={t(`dashboard.top.${by}`)}
      subtitle={t('dashboard.top.hint')}
      rows={rows}
      slots={5}
      series={
        by === 'delivered'
          ? [{ name: 'delivered', label: t('dashboard.kpi.delivered'), color: 'green.6' }]
          : [{ name: 'engagement', label: t('dashboard.top.engagementRate'), color: 'violet.6' }]
      }
      valueFormatter={by === 'delivered' ? (v) => f.num(v) : (v) => f.pct(v / 100)}
      tickFormatter={by === 'delivered' ? (v) => f.compact(v) : (v) => f.pct(v / 100)}
      columns={columns}
      loading={loading && !data}
      onBarClick={(r) => navigate(reportLink(r.campaign_id))}
      emptyText={t(
        by === 'delivered' ? 'dashboard.empty.campaigns' : singlesOnly ? 'dashboard.empty.engagementSingles' : 'dashboard.empty.engagement',
      )}
      f={f}
    />
  );
}

export function Destinations({ data, loading, f }: { data?: DashboardOverview; loading: boolean; f: Formats }) {
  const { t } = useTranslation();
  const name = (d: Destination) => `${d.country ? `${countryName(d.country, f.language)} ` : ''}${d.prefix}`;
  const rows = (data?.destinations ?? [])
    .slice(0, 10)
    .map((d) => ({ ...d, label: name(d), other: Math.max(0, d.sent - d.delivered - d.failed) }));
  const columns: Column<(typeof rows)[number]>[] = [
    { key: 'destination', label: t('dashboard.destinations.destination'), value: (r) => r.label },
    { key: 'sent', label: t('dashboard.kpi.sent'), numeric: true, value: (r) => r.sent, render: (r) => f.num(r.sent) },
    { key: 'delivered', label: t('dashboard.kpi.delivered'), numeric: true, value: (r) => r.delivered, render: (r) => f.num(r.delivered) },
    { key: 'failed', label: t('dashboard.kpi.failed'), numeric: true, value: (r) => r.failed, render: (r) => f.num(r.failed) },
    {
      key: 'rate',
      label: t('dashboard.channels.rate'),
      numeric: true,
      value: (r) => (r.sent ? r.delivered / r.sent : 0),
      render: (r) => f.pct(r.sent ? r.delivered / r.sent : 0),
    },
  ];
  return (
    <HBarChart
      id="chart-destinations"
      title={t('dashboard.destinations.title')}
      subtitle={t('dashboard.destinations.subtitle')}
      rows={rows}
      slots={10}
      labelWidth={150}
      tick={(props: DestTickProps) => <DestTick {...props} rows={rows} f={f} />}
      stacked
      series={[
        { name: 'delivered', label: t('dashboard.kpi.delivered'), color: 'green.6' },
        { name: 'other', label: t('dashboard.destinations.awaiting'), color: 'blue.3' },
        { name: 'failed', label: t('dashboard.kpi.failed'), color: 'red.6' },
      ]}
      columns={columns}
      loading={loading && !data}
      emptyText={t('dashboard.empty.destinations')}
      f={f}
    />
  );
}

interface DestTickProps {
  x?: number;
  y?: number;
  payload?: { value: string };
}

/**
 * A destination's label in two lines, the country and then the prefix, the prefix always laid out
 * left to right (an SVG label in an Arabic chart would otherwise show "+966 50" as "966 50+").
 */
function DestTick({ x = 0, y = 0, payload, rows, f }: DestTickProps & { rows: (Destination & { label: string })[]; f: Formats }) {
  const row = rows.find((r) => r.label === payload?.value);
  const country = row?.country ? countryName(row.country, f.language) : '';
  return (
    <text x={x} y={y} fontSize={11} fill="currentColor" textAnchor="end" direction={f.rtl ? 'rtl' : 'ltr'} dx={f.rtl ? 0 : -4}>
      {country && (
        <tspan x={x} dy={country ? -2 : 4}>
          {country}
        </tspan>
      )}
      <tspan x={x} dy={country ? 13 : 4} direction="ltr" unicodeBidi="embed" textAnchor={f.rtl ? 'start' : 'end'}>
        {row?.prefix ?? payload?.value}
      </tspan>
    </text>
  );
}
