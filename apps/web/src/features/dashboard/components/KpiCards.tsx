/** The KPI cards: each figure for the period with its change against the period before. */
import { Group, Paper, SimpleGrid, Skeleton, Stack, Text } from '@mantine/core';
import type { DashboardOverview, Totals } from '@risala/shared/schemas/dashboard';
import { IconArrowDownRight, IconArrowUpRight, IconMinus } from '@tabler/icons-react';
import type { TFunction } from 'i18next';
import { useTranslation } from 'react-i18next';
import { intlLocale } from '../../../lib/i18n.ts';
import type { Formats } from '../format.ts';

type Trend = 'good' | 'bad' | 'neutral';
interface Kpi {
  key: string;
  value: string;
  /** change: relative for counts, percentage points for rates; null when there is nothing to compare */
  change: number | null;
  kind: 'count' | 'rate';
  /** what a rise means */
  rise: Trend;
  hint?: string;
  /** a figure per channel instead of one value (credits of different channels are different units) */
  lines?: { label: string; value: string }[];
}

const ratio = (a: number, b: number) => (b > 0 ? a / b : 0);
const relative = (now: number, before: number) => (before > 0 ? (now - before) / before : null);

export function kpisOf(d: DashboardOverview, f: Formats, t: TFunction): Kpi[] {
  const c: Totals = d.current;
  const p: Totals = d.previous;
  const rate = (num: keyof Totals, den: keyof Totals) => ratio(Number(c[num]), Number(c[den]));
  const prevRate = (num: keyof Totals, den: keyof Totals) => (Number(p[den]) > 0 ? ratio(Number(p[num]), Number(p[den])) : null);
  const pp = (now: number, before: number | null) => (before === null || Number(c.sent) === 0 ? null : now - before);
  return [
    { key: 'sent', value: f.num(c.sent), change: relative(c.sent, p.sent), kind: 'count', rise: 'good' },
    {
      key: 'deliveredRate',
      value: f.pct(rate('delivered', 'sent')),
      change: pp(rate('delivered', 'sent'), prevRate('delivered', 'sent')),
      kind: 'rate',
      rise: 'good',
      hint: t('dashboard.kpi.ofSent', { n: f.num(c.delivered) }),
    },
    { key: 'failed', value: f.num(c.failed), change: relative(c.failed, p.failed), kind: 'count', rise: 'bad' },
    {
      key: 'openedRate',
      value: f.pct(rate('opened', 'delivered')),
      change: pp(rate('opened', 'delivered'), prevRate('opened', 'delivered')),
      kind: 'rate',
      rise: 'good',
      hint: t('dashboard.kpi.ofDelivered', { n: f.num(c.opened) }),
    },
    {
      key: 'clickedRate',
      value: f.pct(rate('clicked', 'delivered')),
      change: pp(rate('clicked', 'delivered'), prevRate('clicked', 'delivered')),
      kind: 'rate',
      rise: 'good',
      hint: t('dashboard.kpi.ofDelivered', { n: f.num(c.clicked) }),
    },
    { key: 'unsubscribed', value: f.num(c.unsubscribed), change: relative(c.unsubscribed, p.unsubscribed), kind: 'count', rise: 'bad' },
    {
      key: 'cost',
      value: f.money(c.cost),
      change: relative(Number(c.cost), Number(p.cost)),
      kind: 'count',
      rise: 'neutral',
      hint: t('dashboard.kpi.credits', { n: f.num(c.credits) }),
    },
    {
      key: 'creditsLeft',
      value: d.credits.by_channel.map((b) => `${t(`messages.channel.${b.channel}`)} ${f.num(b.balance)}`).join(' · '),
      lines: d.credits.by_channel.map((b) => ({ label: t(`messages.channel.${b.channel}`), value: f.num(b.balance) })),
      change: null,
      kind: 'count',
      rise: 'neutral',
      hint:
        d.credits.days_left === null || d.credits.first_out === null
          ? t('dashboard.kpi.noBurn')
          : t(d.credits.days_left === 0 ? 'dashboard.kpi.firstOutToday' : 'dashboard.kpi.firstOut', {
              channel: t(`messages.channel.${d.credits.first_out}`),
              count: d.credits.days_left,
              n: f.num(d.credits.days_left),
            }),
    },
  ];
}

function Change({ kpi, f }: { kpi: Kpi; f: Formats }) {
  const { t } = useTranslation();
  if (kpi.change === null)
    return (
      <Text size="xs" c="dimmed">
        {t('dashboard.kpi.noPrevious')}
      </Text>
    );
  const flat = Math.abs(kpi.change) < 0.0005;
  const up = kpi.change > 0;
  const color = flat || kpi.rise === 'neutral' ? 'dimmed' : up === (kpi.rise === 'good') ? 'teal' : 'red';
  const Icon = flat ? IconMinus : up ? IconArrowUpRight : IconArrowDownRight;
  const locale = intlLocale(f.language);
  const amount =
    kpi.kind === 'rate'
      ? t('dashboard.kpi.points', {
          n: new Intl.NumberFormat(locale, { signDisplay: 'exceptZero', maximumFractionDigits: 1 }).format(kpi.change * 100),
        })
      : new Intl.NumberFormat(locale, { style: 'percent', signDisplay: 'exceptZero', maximumFractionDigits: 1 }).format(kpi.change);
  return (
    <Group gap={4} wrap="nowrap">
      <Icon
        size={14}
        className={f.rtl ? 'mirror-rtl' : undefined}
        color={`var(--mantine-color-${color === 'dimmed' ? 'gray-6' : `${color}-7`})`}
        aria-hidden
      />
      <Text size="xs" c={color === 'dimmed' ? 'dimmed' : `${color}.8`}>
        {t('dashboard.kpi.vsPrevious', { change: amount })}
      </Text>
    </Group>
  );
}

export function KpiCards({ data, loading, f }: { data?: DashboardOverview; loading: boolean; f: Formats }) {
  const { t } = useTranslation();
  const kpis = data ? kpisOf(data, f, t) : [];
  return (
    <SimpleGrid cols={{ base: 2, sm: 4 }} spacing="sm" data-testid="kpi-cards">
      {(loading && !data ? Array.from({ length: 8 }, (_, i) => ({ key: `s${i}` }) as Kpi) : kpis).map((k) => (
        <Paper key={k.key} withBorder radius="md" p="sm" mih={104} data-testid={`kpi-${k.key}`} data-value={k.value}>
          {k.value === undefined ? (
            <>
              <Skeleton h={12} w="60%" mb={10} />
              <Skeleton h={24} w="50%" mb={10} />
              <Skeleton h={10} w="70%" />
            </>
          ) : (
            <>
              <Text size="xs" c="dimmed" tt="uppercase" fw={600} lineClamp={1}>
                {t(`dashboard.kpi.${k.key}`)}
              </Text>
              {k.lines ? (
                <Stack gap={0} my={2} data-testid={`kpi-${k.key}-value`}>
                  {k.lines.map((l) => (
                    <Group key={l.label} justify="space-between" gap="xs" wrap="nowrap">
                      <Text size="sm">{l.label}</Text>
                      <Text size="sm" fw={700}>
                        {l.value}
                      </Text>
                    </Group>
                  ))}
                </Stack>
              ) : (
                <Text fz={22} fw={700} lh={1.3} data-testid={`kpi-${k.key}-value`}>
                  {k.value}
                </Text>
              )}
              {k.hint && (
                <Text size="xs" c="dimmed" lineClamp={k.lines ? 2 : 1}>
                  {k.hint}
                </Text>
              )}
              {k.key !== 'creditsLeft' && <Change kpi={k} f={f} />}
            </>
          )}
        </Paper>
      ))}
    </SimpleGrid>
  );
}
