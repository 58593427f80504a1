/**
 * Engagement by day of the week and hour, in the account's time zone: messages opened or clicked,
 * by the hour they were sent. Hours run from the start side and the day names stand on it (the
 * right in Arabic): the matrix itself has no direction, so its day labels are a column of ours
 * that the page's flex direction places.
 */
import { MatrixChart } from '../../../components/charts/deferred.tsx';
import { Group, ScrollArea, Stack, Text } from '@mantine/core';
import { useElementSize, useMediaQuery } from '@mantine/hooks';
import type { DashboardOverview } from '@risala/shared/schemas/dashboard';
import { timeZoneName } from '@risala/shared/time';
import { useTranslation } from 'react-i18next';
import { ChartCard, type Column } from '../../../components/charts/ChartCard.tsx';
import type { Formats } from '../format.ts';

const HOURS = Array.from({ length: 24 }, (_, h) => h);
const DAYS = [0, 1, 2, 3, 4, 5, 6];
const GAP = 2;
const DAY_LABELS = 64;
const HOUR_LABELS = 24;
const SHADES = [1, 3, 5, 7, 9];

export function HeatmapChart({ data, loading, f }: { data?: DashboardOverview; loading: boolean; f: Formats }) {
  const { t, i18n } = useTranslation();
  const { ref, width } = useElementSize();
  // known before any data arrives, so the card's height never jumps
  const phone = useMediaQuery('(max-width: 36em)', false, { getInitialValueInEffect: false });
  const cells = new Map((data?.heatmap ?? []).map((c) => [`${c.dow}:${c.hour}`, c]));
  const hours = f.rtl ? [...HOURS].reverse() : HOURS;
  // on a phone the matrix scrolls sideways rather than shrink below a readable cell
  const cell = Math.max(16, Math.min(30, Math.floor((width - DAY_LABELS) / 24) - GAP));
  // the matrix keys columns by their label: the hour's number in the reader's digits (the tooltip says it in full)
  const hourLabel = (h: number) => f.num(h);
  const hourOf = new Map(HOURS.map((h) => [hourLabel(h), h]));
  const matrix = DAYS.flatMap((d) => hours.map((h) => ({ x: hourLabel(h), y: String(d), value: cells.get(`${d}:${h}`)?.engaged ?? 0 })));
  const rows = DAYS.map((d) => ({ dow: d, ...Object.fromEntries(HOURS.map((h) => [h, cells.get(`${d}:${h}`)?.engaged ?? 0])) })) as ({
    dow: number;
  } & Record<number, number>)[];
  const columns: Column<(typeof rows)[number]>[] = [
    { key: 'dow', label: t('dashboard.heatmap.day'), value: (r) => f.weekday(r.dow) },
    ...HOURS.map((h) => ({
      key: String(h),
      label: f.hourOfDay(h),
      numeric: true,
      value: (r: (typeof rows)[number]) => r[h] ?? 0,
      render: (r: (typeof rows)[number]) => f.num(r[h] ?? 0),
    })),
  ];
  const empty = (data?.heatmap ?? []).every((c) => c.engaged === 0);
  return (
    <ChartCard
      id="chart-heatmap"
      title={t('dashboard.heatmap.title')}
      subtitle={t('dashboard.heatmap.subtitle', { zone: data?.range.timezone ? timeZoneName(data.range.timezone, i18n.language) : '' })}
      height={phone ? 7 * 18 + HOUR_LABELS + 50 : 7 * 32 + HOUR_LABELS + 40}
      loading={loading && !data}
      empty={empty}
      emptyText={t('dashboard.empty.engagement')}
      columns={columns}
      rows={rows}
    >
      <div ref={ref} style={{ width: '100%' }}>
        <ScrollArea type="auto" offsetScrollbars>
          <Group gap={0} wrap="nowrap" align="flex-start" justify={phone ? 'flex-start' : 'center'} w="max-content" mx="auto">
            <Stack gap={GAP} w={DAY_LABELS} pt={0} style={{ flex: 'none' }}>
              {DAYS.map((d) => (
                <Text key={d} size="xs" c="dimmed" h={cell} lh={`${cell}px`} ta="end" pe={6} truncate>
                  {f.weekday(d)}
                </Text>
              ))}
            </Stack>
            <MatrixChart
              data={matrix}
              xLabels={hours.map(hourLabel)}
              yLabels={DAYS.map(String)}
              cellSize={cell}
              gap={GAP}
              withXLabels
              xLabelsPosition="bottom"
              xLabelsHeight={HOUR_LABELS}
              withYLabels={false}
              withLegend={false}
              withTooltip
              getTooltipLabel={(c) =>
                t('dashboard.heatmap.tooltip', {
                  day: f.weekday(Number(c.y)),
                  hour: f.hourOfDay(hourOf.get(c.x) ?? 0),
                  count: c.value ?? 0,
                  n: f.num(c.value ?? 0),
                })
              }
              getCellProps={() => ({ 'aria-hidden': true })}
              xLabelsRotation={0}
              fontSize={10}
              colors={SHADES.map((n) => `blue.${n}`)}
            />
          </Group>
        </ScrollArea>
        {/* the scale, in DOM so it reads from the start side in both directions */}
        <Group gap={4} justify="center" mt={4} aria-hidden>
          <Text size="xs" c="dimmed">
            {t('dashboard.heatmap.less')}
          </Text>
          {SHADES.map((n) => (
            <span key={n} style={{ width: 14, height: 14, borderRadius: 2, background: `var(--mantine-color-blue-${n})` }} />
          ))}
          <Text size="xs" c="dimmed">
            {t('dashboard.heatmap.more')}
          </Text>
        </Group>
      </div>
    </ChartCard>
  );
}
