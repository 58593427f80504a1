/**
 * One dashboard widget: a title, the chart (or its table), a menu to see the data as a table, download
 * it as CSV or the chart as PNG; a skeleton of the same height while loading (no layout jump) and,
 * with no data, a note saying what to do. Screen readers always get the table: the chart itself is
 * hidden from them and the table is there, visually hidden, until it is shown.
 */
import { ActionIcon, Box, Group, Menu, Paper, Skeleton, Stack, Table, Text, Title, VisuallyHidden } from '@mantine/core';
import { IconChartBar, IconDots, IconFileSpreadsheet, IconPhoto, IconTable } from '@tabler/icons-react';
import { type ReactNode, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { download, toCsv } from './csv.ts';
import { ScrollRegion } from '../scroll-region/ScrollRegion.tsx';

export interface Column<R> {
  key: string;
  label: string;
  /** the cell as shown (the CSV keeps the raw value) */
  render?: (row: R) => ReactNode;
  value: (row: R) => string | number;
  numeric?: boolean;
}

interface Props<R> {
  id: string;
  title: string;
  subtitle?: string;
  height: number;
  loading: boolean;
  /** no data to draw: the empty note shows instead */
  empty: boolean;
  emptyText: string;
  emptyAction?: ReactNode;
  columns: Column<R>[];
  rows: R[];
  /** the content is itself readable (links and text, not a picture): no hidden table copy */
  semantic?: boolean;
  /** controls of the chart itself (a view switch), beside the title */
  controls?: ReactNode;
  children: ReactNode;
}

export function ChartCard<R>({
  id,
  title,
  subtitle,
  height,
  loading,
  empty,
  emptyText,
  emptyAction,
  columns,
  rows,
  controls,
  semantic,
  children,
}: Props<R>) {
  const { t } = useTranslation();
  const [asTable, setAsTable] = useState(false);
  const chartRef = useRef<HTMLDivElement>(null);
  const filename = `${id}-${new Date().toISOString().slice(0, 10)}`;

  const table = <DataTable id={id} caption={title} columns={columns} rows={rows} />;

  const downloadCsv = () =>
    download(
      `${filename}.csv`,
      new Blob(
        [
          toCsv(
            columns.map((c) => c.label),
            rows.map((r) => columns.map((c) => c.value(r))),
          ),
        ],
        { type: 'text/csv;charset=utf-8' },
      ),
    );
  const downloadPng = async () => {
    if (!chartRef.current) return;
    const { toBlob } = await import('html-to-image');
    const blob = await toBlob(chartRef.current, { backgroundColor: '#ffffff', pixelRatio: 2 });
    if (blob) download(`${filename}.png`, blob);
  };

  return (
    <Paper withBorder radius="md" p="md" data-testid={id} data-state={loading ? 'loading' : empty ? 'empty' : 'ready'}>
      <Group justify="space-between" align="flex-start" wrap="wrap" gap="xs" mb="sm">
        <div style={{ flex: '1 1 12rem' }}>
          <Title order={2} size="h5">
            {title}
          </Title>
          {subtitle && (
            <Text size="xs" c="dimmed">
              {subtitle}
            </Text>
          )}
        </div>
        {!loading && !empty && (
          <Group gap={4} wrap="nowrap" ms="auto">
            {controls}
            <ActionIcon
              variant="subtle"
              color="gray"
              onClick={() => setAsTable((v) => !v)}
              aria-pressed={asTable}
              aria-label={asTable ? t('dashboard.chart.showChart') : t('dashboard.chart.showTable')}
              title={asTable ? t('dashboard.chart.showChart') : t('dashboard.chart.showTable')}
              data-testid={`${id}-toggle`}
            >
              {asTable ? <IconChartBar size={18} /> : <IconTable size={18} />}
            </ActionIcon>
            <Menu position="bottom-end" withinPortal>
              <Menu.Target>
                <ActionIcon variant="subtle" color="gray" aria-label={t('dashboard.chart.more', { title })} data-testid={`${id}-menu`}>
                  <IconDots size={18} />
                </ActionIcon>
              </Menu.Target>
              <Menu.Dropdown>
                <Menu.Item leftSection={<IconFileSpreadsheet size={16} />} onClick={downloadCsv} data-testid={`${id}-csv`}>
                  {t('dashboard.chart.csv')}
                </Menu.Item>
                <Menu.Item
                  leftSection={<IconPhoto size={16} />}
                  onClick={() => void downloadPng()}
                  disabled={asTable}
                  data-testid={`${id}-png`}
                >
                  {t('dashboard.chart.png')}
                </Menu.Item>
              </Menu.Dropdown>
            </Menu>
          </Group>
        )}
      </Group>
      <Box h={height} pos="relative">
        {loading ? (
          <Skeleton h={height} radius="md" />
        ) : empty ? (
          <Stack h={height} align="center" justify="center" gap="xs" ta="center" px="md" data-testid={`${id}-empty`}>
            <Text size="sm" c="dimmed" maw={360}>
              {emptyText}
            </Text>
            {emptyAction}
          </Stack>
        ) : asTable ? (
          <ScrollRegion label={title} h={height}>
            {table}
          </ScrollRegion>
        ) : (
          <>
            <Box ref={chartRef} h={height} aria-hidden={!semantic} bg="white">
              {children}
            </Box>
            {!semantic && <VisuallyHidden>{table}</VisuallyHidden>}
          </>
        )}
      </Box>
    </Paper>
  );
}

/** A card's rows as a table: its table view, the screen readers' copy, and a card that is a table. */
export function DataTable<R>({
  id,
  caption,
  columns,
  rows,
  compact = false,
}: {
  id: string;
  caption?: string;
  columns: Column<R>[];
  rows: R[];
  /** narrower cell padding, for a table that is a card's content */
  compact?: boolean;
}) {
  return (
    <Table
      striped
      highlightOnHover
      stickyHeader
      fz="sm"
      horizontalSpacing={compact ? 6 : 'xs'}
      // cells wrap (the screen readers' copy sits in a no-wrap VisuallyHidden): a phone's width holds it
      style={{ whiteSpace: 'normal', overflowWrap: 'anywhere' }}
      data-testid={`${id}-table`}
    >
      {caption && <Table.Caption>{caption}</Table.Caption>}
      <Table.Thead>
        <Table.Tr>
          {columns.map((c) => (
            <Table.Th key={c.key} ta={c.numeric ? 'end' : 'start'} scope="col">
              {c.label}
            </Table.Th>
          ))}
        </Table.Tr>
      </Table.Thead>
      <Table.Tbody>
        {rows.map((r, i) => (
          // rows are derived data without ids; their order is their identity
          <Table.Tr key={i}>
            {columns.map((c) => (
              <Table.Td key={c.key} ta={c.numeric ? 'end' : 'start'}>
                {c.render ? c.render(r) : c.value(r)}
              </Table.Td>
            ))}
          </Table.Tr>
        ))}
      </Table.Tbody>
    </Table>
  );
}
