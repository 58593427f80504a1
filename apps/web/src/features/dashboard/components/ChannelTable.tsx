/** Per channel and sender: what each sender id, address or number sent and how it went. */
import type { ChannelMetrics } from '@risala/shared/schemas/dashboard';
import { useTranslation } from 'react-i18next';
import type { Formats } from '../format.ts';
import { ChartCard, type Column, DataTable } from '../../../components/charts/ChartCard.tsx';
import { ScrollRegion } from '../../../components/scroll-region/ScrollRegion.tsx';
import { usePhone } from '../../../components/list/index.ts';
import { UserText } from '../../../components/text/UserText.tsx';

type Row = ChannelMetrics['items'][number];
const PHONE_HIDDEN = new Set(['failed', 'cost']);

export function ChannelTable({ data, loading, f }: { data?: ChannelMetrics; loading: boolean; f: Formats }) {
  const { t } = useTranslation();
  const rows = data?.items ?? [];
  const columns: Column<Row>[] = [
    { key: 'channel', label: t('dashboard.filters.channel'), value: (r) => t(`messages.channel.${r.channel}`) },
    {
      key: 'sender',
      label: t('dashboard.channels.sender'),
      value: (r) => r.sender,
      // a number (a WhatsApp sender) left to right: "+15550000001", never "15550000001+" in Arabic
      render: (r) => (r.sender ? <UserText>{r.sender}</UserText> : t('dashboard.channels.noSender')),
    },
    { key: 'messages', label: t('dashboard.channels.messages'), numeric: true, value: (r) => r.messages, render: (r) => f.num(r.messages) },
    { key: 'delivered', label: t('dashboard.kpi.delivered'), numeric: true, value: (r) => r.delivered, render: (r) => f.num(r.delivered) },
    {
      key: 'rate',
      label: t('dashboard.channels.rate'),
      numeric: true,
      value: (r) => (r.sent ? r.delivered / r.sent : 0),
      render: (r) => f.pct(r.sent ? r.delivered / r.sent : 0),
    },
    { key: 'failed', label: t('dashboard.kpi.failed'), numeric: true, value: (r) => r.failed, render: (r) => f.num(r.failed) },
    { key: 'cost', label: t('dashboard.kpi.cost'), numeric: true, value: (r) => r.cost, render: (r) => f.money(r.cost) },
  ];
  return (
    <ChartCard
      id="chart-channels"
      title={t('dashboard.channels.title')}
      height={300}
      loading={loading && !data}
      empty={rows.length === 0}
      emptyText={t('dashboard.empty.messages')}
      columns={columns}
      rows={rows}
      semantic
    >
      <ChannelRows rows={rows} columns={columns} label={t('dashboard.channels.title')} />
    </ChartCard>
  );
}

function ChannelRows({ rows, columns, label }: { rows: Row[]; columns: Column<Row>[]; label: string }) {
  // the card's content is already a table: nothing hidden, the same table as its "table view";
  // a scrollbar that stays shows that a narrow card has more columns to its side, and the box takes
  // focus so a keyboard can scroll it (the table has nothing focusable of its own). On a phone the
  // card keeps the columns that matter; failures and cost stay in its CSV
  const phone = usePhone();
  const shown = phone ? columns.filter((c) => !PHONE_HIDDEN.has(c.key)) : columns;
  return (
    <ScrollRegion label={label} h="100%" type="auto" offsetScrollbars>
      <DataTable id="channel-rows" columns={shown} rows={rows} compact />
    </ScrollRegion>
  );
}
