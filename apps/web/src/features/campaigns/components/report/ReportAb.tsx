/** An A/B test in plain words: which variant won (or leads), on what figures, and how sure that is. */
import { Alert, Badge, Paper, Stack, Table, Text, Title } from '@mantine/core';
import { IconFlask } from '@tabler/icons-react';
import type { TFunction } from 'i18next';
import { useTranslation } from 'react-i18next';
import type { CampaignReport } from '../../api/types.ts';
import type { ReportFormats } from './formats.ts';

type Ab = NonNullable<CampaignReport['ab']>;

/** The sentences: the result, then how sure, then when the winner is (or was) picked. */
export function abStatement(ab: Ab, f: ReportFormats, t: TFunction): string[] {
  const metric = t(`campaignReport.ab.metric.${ab.metric}`);
  const byName = Object.fromEntries(ab.variants.map((v) => [v.variant, v]));
  const first = ab.winner ?? ab.leader;
  const out: string[] = [];
  if (!first) {
    out.push(t('campaignReport.ab.tie', { metric, rate: f.pct(ab.variants[0]?.rate ?? 0) }));
  } else {
    const other = first === 'A' ? 'B' : 'A';
    const rates = { winnerRate: f.pct(byName[first]?.rate ?? 0), otherRate: f.pct(byName[other]?.rate ?? 0) };
    out.push(
      ab.winner
        ? t('campaignReport.ab.won', { winner: first, other, metric, ...rates })
        : t('campaignReport.ab.leading', { leader: first, other, metric, leaderRate: rates.winnerRate, otherRate: rates.otherRate }),
    );
  }
  if (!ab.enough_data || ab.p_value === null || ab.confidence === null) out.push(t('campaignReport.ab.tooFew'));
  else {
    const sure = { confidence: f.pct(ab.confidence), p: f.num(ab.p_value) };
    out.push(t(ab.significant ? 'campaignReport.ab.sure' : 'campaignReport.ab.notSure', sure));
  }
  if (ab.winner && ab.decided_at) out.push(t('campaignReport.ab.decidedAt', { at: f.at(ab.decided_at), winner: ab.winner }));
  else if (ab.decides_at) out.push(t('campaignReport.ab.decidesAt', { at: f.at(ab.decides_at) }));
  return out;
}

export function ReportAb({ ab, f }: { ab: Ab; f: ReportFormats }) {
  const { t } = useTranslation();
  const [result, sureness, when] = abStatement(ab, f, t);
  const color = ab.significant ? 'green' : 'gray';
  return (
    <Paper withBorder radius="md" p="md" data-testid="report-ab" data-winner={ab.winner ?? ''} data-significant={ab.significant}>
      <Stack gap="sm">
        <Title order={3} size="h5">
          {t('campaignReport.ab.title')}
        </Title>
        <Alert color={color} variant="light" icon={<IconFlask size={18} />} data-testid="report-ab-statement">
          <Text fw={600} size="sm">
            {result}
          </Text>
          <Text size="sm">{sureness}</Text>
          {when && (
            <Text size="xs" c="dimmed" mt={4}>
              {when}
            </Text>
          )}
        </Alert>
        <Table.ScrollContainer minWidth={320}>
          <Table fz="sm">
            <Table.Thead>
              <Table.Tr>
                <Table.Th>{t('campaignReport.ab.variantColumn')}</Table.Th>
                <Table.Th ta="end">{t('campaignReport.ab.messages')}</Table.Th>
                <Table.Th ta="end">{t(`campaignReport.ab.hits.${ab.metric}`)}</Table.Th>
                <Table.Th ta="end">{t('campaignReport.ab.rate')}</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {ab.variants.map((v) => (
                <Table.Tr key={v.variant} data-testid="report-ab-row" data-variant={v.variant}>
                  <Table.Td>
                    {t('campaignReport.ab.variant', { variant: v.variant })}{' '}
                    {ab.winner === v.variant && (
                      <Badge size="xs" color="green">
                        ✓
                      </Badge>
                    )}
                  </Table.Td>
                  <Table.Td ta="end">{f.num(v.messages)}</Table.Td>
                  <Table.Td ta="end">{f.num(v.hits)}</Table.Td>
                  <Table.Td ta="end" data-testid="report-ab-rate">
                    {f.pct(v.rate)}
                  </Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </Table.ScrollContainer>
      </Stack>
    </Paper>
  );
}
