/**
 * Two campaigns side by side: the list's metrics of each (read from their reports, the same
 * rollups) and B − A, the better side marked. A table on a wide screen; on a phone one card per
 * metric, so nothing scrolls sideways.
 */
import { Badge, Group, Paper, SimpleGrid, Stack, Table, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { QueryState } from '../../../../components/page/QueryState.tsx';
import { usePhone } from '../../../../components/list/index.ts';
import { UserText } from '../../../../components/text/UserText.tsx';
import { useReport } from '../../api/get-report.ts';
import type { CampaignReport } from '../../api/types.ts';
import { type CompareKey, type CompareRow, compareRows, resultsOfReport } from '../../history.ts';
import { type ReportFormats, useReportFormats } from '../report/formats.ts';

const LABELS: Record<CompareKey, string> = {
  messages: 'campaigns.history.messages',
  sent: 'campaigns.history.sent',
  delivery_rate: 'campaigns.history.delivered',
  open_rate: 'campaigns.history.opened',
  click_rate: 'campaigns.history.clicked',
  failed: 'campaigns.history.failed',
  cost: 'campaigns.history.cost',
};

function value(f: ReportFormats, row: CompareRow, v: number) {
  if (row.kind === 'rate') return f.pct(v);
  if (row.kind === 'money') return f.money(String(v));
  return f.num(v);
}

/** B - A with its sign ("+3.5", "-120", "+SAR 0.05"); a rate's difference in percentage points. */
function delta(f: ReportFormats, row: CompareRow) {
  // ASCII signs: a U+2212 minus missing from the UI font is drawn from a fallback font, and
  // Chromium then lays the isolated run out of order in an Arabic page ("3−")
  const sign = row.delta > 0 ? '+' : row.delta < 0 ? '-' : '';
  const abs = Math.abs(row.delta);
  if (row.kind === 'rate') return `${sign}${f.num(Math.round(abs * 1000) / 10)}`;
  if (row.kind === 'money') return `${sign}${f.money(String(abs))}`;
  return `${sign}${f.num(abs)}`;
}

function Comparison({ a, b, timeZone }: { a: CampaignReport; b: CampaignReport; timeZone: string }) {
  const { t } = useTranslation();
  const f = useReportFormats(timeZone);
  const phone = usePhone();
  const rows = compareRows(resultsOfReport(a), resultsOfReport(b));
  const head = (r: CampaignReport, side: 'A' | 'B') => (
    <Group gap={6} wrap="nowrap" style={{ minWidth: 0 }}>
      <Badge variant="light" size="sm" style={{ flexShrink: 0 }}>
        {side}
      </Badge>
      <Text fw={600} size="sm" lineClamp={2} data-testid={`compare-name-${side}`}>
        <UserText>{r.campaign.name}</UserText>
      </Text>
    </Group>
  );
  const mark = (row: CompareRow, side: 'A' | 'B') => (row.better === side ? { fw: 700, c: 'teal.8' } : {});
  const deltaText = (row: CompareRow) => (
    <Text size="sm" c={row.better === 'B' ? 'teal.8' : row.better === 'A' ? 'red.8' : undefined} span>
      {/* the signed number stays left to right in Arabic */}
      <bdi dir="ltr">{delta(f, row)}</bdi>
      {row.kind === 'rate' && ` ${t('campaigns.history.points')}`}
    </Text>
  );
  if (phone) {
    return (
      <Stack gap="xs" data-testid="compare-view">
        {head(a, 'A')}
        {head(b, 'B')}
        {rows.map((row) => (
          <Paper key={row.key} withBorder radius="md" p="xs" data-testid="compare-row" data-key={row.key}>
            <Text size="xs" c="dimmed">
              {t(LABELS[row.key])}
            </Text>
            <SimpleGrid cols={3} spacing="xs">
              <Text size="sm" {...mark(row, 'A')}>
                A: <bdi dir="ltr">{value(f, row, row.a)}</bdi>
              </Text>
              <Text size="sm" {...mark(row, 'B')}>
                B: <bdi dir="ltr">{value(f, row, row.b)}</bdi>
              </Text>
              {deltaText(row)}
            </SimpleGrid>
          </Paper>
        ))}
      </Stack>
    );
  }
  return (
    <Table verticalSpacing="xs" data-testid="compare-view" layout="fixed">
      <Table.Thead>
        <Table.Tr>
          <Table.Th w="22%">{t('campaigns.history.metric')}</Table.Th>
          <Table.Th>{head(a, 'A')}</Table.Th>
          <Table.Th>{head(b, 'B')}</Table.Th>
          <Table.Th w="20%">{t('campaigns.history.difference')}</Table.Th>
        </Table.Tr>
      </Table.Thead>
      <Table.Tbody>
        {rows.map((row) => (
          <Table.Tr key={row.key} data-testid="compare-row" data-key={row.key}>
            <Table.Th scope="row" fw={500}>
              {t(LABELS[row.key])}
            </Table.Th>
            <Table.Td>
              <Text size="sm" {...mark(row, 'A')} data-testid="compare-a">
                <bdi dir="ltr">{value(f, row, row.a)}</bdi>
              </Text>
            </Table.Td>
            <Table.Td>
              <Text size="sm" {...mark(row, 'B')} data-testid="compare-b">
                <bdi dir="ltr">{value(f, row, row.b)}</bdi>
              </Text>
            </Table.Td>
            <Table.Td data-testid="compare-delta">{deltaText(row)}</Table.Td>
          </Table.Tr>
        ))}
      </Table.Tbody>
    </Table>
  );
}

/** The compare view of campaigns `ids` ([A, B]): both reports read, then the table. */
export function CompareCampaigns({ ids, timeZone }: { ids: [number, number]; timeZone: string }) {
  const a = useReport(ids[0], false, false);
  const b = useReport(ids[1], false, false);
  return (
    <QueryState query={a} empty={() => false} emptyText="">
      {(ra) => (
        <QueryState query={b} empty={() => false} emptyText="">
          {(rb) => <Comparison a={ra} b={rb} timeZone={ra.timezone || timeZone} />}
        </QueryState>
      )}
    </QueryState>
  );
}
