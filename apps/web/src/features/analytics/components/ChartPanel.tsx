import { Button, Group, Paper, Table, Text, Title, VisuallyHidden } from '@mantine/core';
import { IconChartBar, IconTable } from '@tabler/icons-react';
import { type ReactNode, useState } from 'react';
import { useTranslation } from 'react-i18next';

export interface Column<R> {
  label: string;
  value: (row: R) => ReactNode;
}

/**
 * A chart with its data as a table: the table is always there for screen readers (visually hidden
 * while the chart shows; the chart itself is hidden from them) and one button away for everyone.
 */
export function ChartPanel<R>({ id, title, subtitle, rows, columns, empty, children }: { id: string; title: string; subtitle?: string; rows: R[]; columns: Column<R>[]; empty?: string; children: ReactNode }) {
  const { t } = useTranslation();
  const [asTable, setAsTable] = useState(false);
  const table = (
    <Table.ScrollContainer minWidth={320}>
      <Table verticalSpacing={4} fz="sm">
        <caption style={{ captionSide: 'top', textAlign: 'start' }}>
          <VisuallyHidden>{title}</VisuallyHidden>
        </caption>
        <Table.Thead>
          <Table.Tr>
            {columns.map((c) => (
              <Table.Th key={c.label}>{c.label}</Table.Th>
            ))}
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {rows.map((r, i) => (
            <Table.Tr key={String(i)}>
              {columns.map((c) => (
                <Table.Td key={c.label}>{c.value(r)}</Table.Td>
              ))}
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
  return (
    <Paper withBorder radius="md" p="md" data-testid={id}>
      <Group justify="space-between" align="flex-start" mb="sm" wrap="nowrap">
        <div>
          <Title order={3} size="h5">
            {title}
          </Title>
          {subtitle && (
            <Text size="xs" c="dimmed">
              {subtitle}
            </Text>
          )}
        </div>
        {rows.length > 0 && (
          <Button size="compact-xs" variant="subtle" leftSection={asTable ? <IconChartBar size={14} /> : <IconTable size={14} />} onClick={() => setAsTable((v) => !v)} aria-pressed={asTable}>
            {t(asTable ? 'analytics.showChart' : 'analytics.showTable')}
          </Button>
        )}
      </Group>
      {rows.length === 0 ? (
        <Text size="sm" c="dimmed">
          {empty ?? t('analytics.noData')}
        </Text>
      ) : asTable ? (
        table
      ) : (
        <>
          <div aria-hidden>{children}</div>
          <VisuallyHidden>{table}</VisuallyHidden>
        </>
      )}
    </Paper>
  );
}
