import { Alert, Badge, Button, Grid, Group, Loader, Paper, Stack, Table, Text, Title } from '@mantine/core';
import type { Channel } from '@risala/shared/schemas/messages';
import { IconAlertTriangle } from '@tabler/icons-react';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { formatList, formatMoney, intlLocale, isolate } from '../../../lib/i18n.ts';
import { isApiError } from '../../../lib/http.ts';
import { useEstimate } from '../api/get-campaign.ts';
import { useBrandOptions, useEmailSender, useGroupOptions, useSmsSenders, useWhatsappSenders } from '../api/get-launcher-options.ts';
import type { CampaignEstimate } from '../api/types.ts';
import { type LauncherDraft, STEPS, type Step, stepComplete } from '../draft.ts';
import { ContentPreview } from './ContentPreview.tsx';
import { ChannelBadge } from './ContentEditor.tsx';
import { formatZoned } from './when.ts';
import { timeZoneName } from '@risala/shared/time';

function Section({ title, children, testId }: { title: string; children: ReactNode; testId: string }) {
  return (
    <Paper withBorder radius="md" p="md" data-testid={testId}>
      <Title order={3} size="h5" mb="xs">
        {title}
      </Title>
      <Stack gap={6}>{children}</Stack>
    </Paper>
  );
}

function Row({ label, children, testId }: { label: string; children: ReactNode; testId?: string }) {
  return (
    <Group justify="space-between" align="flex-start" gap="xs" wrap="nowrap">
      <Text size="sm" c="dimmed" style={{ flex: 'none' }}>
        {label}
      </Text>
      <Text size="sm" fw={500} ta="end" data-testid={testId} component="div">
        {children}
      </Text>
    </Group>
  );
}

/** The senders each channel goes out from (the chosen one, or the account's default). */
function SenderRows({ draft }: { draft: LauncherDraft }) {
  const { t } = useTranslation();
  const sms = useSmsSenders();
  const wa = useWhatsappSenders();
  const email = useEmailSender();
  const smsChosen = sms.data?.find((s) => s.id === draft.senders.sms_sender_id);
  const smsDefault = sms.data?.find((s) => s.is_default);
  const waChosen = wa.data?.find((s) => s.id === draft.senders.whatsapp_sender_id);
  const of = (ch: Channel): string => {
    if (ch === 'sms')
      return smsChosen
        ? smsChosen.sender_id
        : smsDefault
          ? t('launch.review.senderDefault', { name: smsDefault.sender_id })
          : t('launch.review.noSender');
    if (ch === 'whatsapp')
      return waChosen ? `${waChosen.display_name} ${isolate(waChosen.phone_number)}` : t('launch.review.senderAccount');
    return email.data ? `${email.data.from_name} ${isolate(`<${email.data.from_email}>`)}` : t('launch.review.noSender');
  };
  return (
    <>
      {draft.channels.map((ch) => (
        <Row key={ch} label={t(`campaigns.channels.${ch}`)} testId={`review-sender-${ch}`}>
          <bdi>{of(ch)}</bdi>
        </Row>
      ))}
    </>
  );
}

/** Messages, SMS parts per message (a whole number, or a range explained), credits against the balance, cost. */
function CreditsTable({ estimate }: { estimate: CampaignEstimate }) {
  const { t, i18n } = useTranslation();
  const n = (v: number) => v.toLocaleString(intlLocale(i18n.language));
  const sms = estimate.channels.find((c) => c.channel === 'sms');
  const cost = Number(estimate.cost);
  return (
    <Stack gap={6}>
      <Table.ScrollContainer minWidth={420}>
        <Table fz="sm" data-testid="review-credits">
          <Table.Thead>
            <Table.Tr>
              <Table.Th>{t('launch.review.channel')}</Table.Th>
              <Table.Th ta="end">{t('launch.review.count')}</Table.Th>
              <Table.Th ta="end">{t('launch.review.parts')}</Table.Th>
              <Table.Th ta="end">{t('launch.review.needed')}</Table.Th>
              <Table.Th ta="end">{t('launch.review.after')}</Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {estimate.channels.map((c) => (
              <Table.Tr key={c.channel} data-testid={`review-row-${c.channel}`}>
                <Table.Td>{t(`campaigns.channels.${c.channel}`)}</Table.Td>
                <Table.Td ta="end" data-testid={`review-messages-${c.channel}`}>
                  {n(c.messages)}
                </Table.Td>
                <Table.Td ta="end" data-testid={`review-parts-${c.channel}`}>
                  {c.channel !== 'sms'
                    ? '—'
                    : c.parts_min === c.parts_max
                      ? n(c.parts_min)
                      : t('launch.review.partsRange', { min: n(c.parts_min), max: n(c.parts_max) })}
                </Table.Td>
                <Table.Td ta="end" data-testid={`review-credits-${c.channel}`}>
                  {c.exact ? n(c.credits) : t('launch.review.about', { n: n(c.credits) })}
                </Table.Td>
                <Table.Td ta="end">
                  <Badge
                    color={c.enough ? 'green' : 'red'}
                    variant="light"
                    tt="none"
                    data-testid={`review-credit-check-${c.channel}`}
                    title={`${t('launch.review.balance')}: ${n(c.balance)}`}
                  >
                    {c.enough ? n(c.balance - c.credits) : t('launch.review.notEnough')}
                  </Badge>
                </Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      </Table.ScrollContainer>
      {sms && sms.parts_min !== sms.parts_max && (
        <Text size="xs" c="dimmed" data-testid="review-parts-note">
          {t('launch.review.partsNote')}
        </Text>
      )}
      {estimate.channels.some((c) => !c.exact) && (
        <Text size="xs" c="dimmed">
          {t('launch.review.sampleNote', { n: n(500) })}
        </Text>
      )}
      {cost > 0 && (
        <Text size="sm" data-testid="review-cost">
          {t('launch.review.cost', {
            cost: formatMoney(cost, i18n.language),
          })}
        </Text>
      )}
    </Stack>
  );
}

/**
 * Step 8: everything the launch will do — name, brand, audience with its counts per channel, each
 * channel's message as a recipient gets it (both variants of an A/B test), the senders, when (in
 * the account's zone), the A/B split, credits and cost — and what is still missing.
 */
export function ReviewStep({
  draft,
  campaignId,
  version,
  timeZone,
  onGoTo,
}: {
  draft: LauncherDraft;
  campaignId: number | null;
  version: string;
  timeZone: string;
  onGoTo: (s: Step) => void;
}) {
  const { t, i18n } = useTranslation();
  const estimate = useEstimate(campaignId, version);
  const brands = useBrandOptions();
  const groups = useGroupOptions();
  const missing = STEPS.filter((s) => s !== 'review' && !stepComplete(draft, s, timeZone));
  const locale = intlLocale(i18n.language);
  const n = (v: number) => v.toLocaleString(locale);
  const pct = (v: number) => new Intl.NumberFormat(locale, { style: 'percent', maximumFractionDigits: 0 }).format(v);
  const groupNames = (ids: number[]) => formatList(ids.map((id) => isolate(groups.data?.find((g) => g.id === id)?.group_name ?? `#${id}`)));
  const brand = brands.data?.find((b) => b.id === draft.brand_id)?.name;
  const audience = estimate.data?.audience;
  const variantCount = (v: string) => audience?.by_variant.filter((x) => x.variant === v).reduce((s, x) => s + x.count, 0) ?? 0;
  const abMetric = t(`campaignReport.ab.metric.${draft.ab.metric}`);
  const after = new Intl.NumberFormat(locale, { style: 'unit', unit: 'hour', unitDisplay: 'long' }).format(draft.ab.after_hours);

  return (
    <Stack gap="md" data-testid="launcher-review">
      {missing.length > 0 && (
        <Alert color="orange" icon={<IconAlertTriangle size={18} />} data-testid="review-missing">
          <Text size="sm" mb={6}>
            {t('launch.review.missing')}
          </Text>
          <Group gap="xs">
            {missing.map((s) => (
              <Button
                key={s}
                size="compact-sm"
                variant="light"
                color="orange"
                onClick={() => onGoTo(s)}
                data-testid={`review-missing-${s}`}
              >
                {t(`campaigns.launcher.steps.${s}`)}
              </Button>
            ))}
          </Group>
        </Alert>
      )}
      <Grid gap="md">
        <Grid.Col span={{ base: 12, md: 6 }}>
          <Stack gap="md">
            <Section title={t('launch.review.campaign')} testId="review-campaign">
              <Row label={t('launch.review.name')} testId="review-name">
                <bdi>{draft.name.trim() || '—'}</bdi>
              </Row>
              <Row label={t('launch.review.brand')} testId="review-brand">
                <bdi>{brand ?? '—'}</bdi>
              </Row>
              {draft.objective.trim() && (
                <Row label={t('launch.review.objective')}>
                  <bdi>{draft.objective.trim()}</bdi>
                </Row>
              )}
              <Row label={t('launch.review.channels')} testId="review-channels">
                <Group gap={4} justify="flex-end">
                  {draft.channels.map((ch, i) => (
                    <ChannelBadge key={ch} channel={ch} order={draft.channels.length > 1 ? i + 1 : undefined} />
                  ))}
                </Group>
              </Row>
            </Section>
            <Section title={t('launch.review.audience')} testId="review-audience">
              <Row label={t('launch.review.included')} testId="review-included">
                {draft.audience.group_ids.length ? groupNames(draft.audience.group_ids) : t('launch.review.none')}
              </Row>
              <Row label={t('launch.review.excluded')}>
                {draft.audience.exclude_group_ids.length ? groupNames(draft.audience.exclude_group_ids) : t('launch.review.none')}
              </Row>
              {audience && (
                <>
                  <Row label={t('launch.review.inGroups')} testId="review-total">
                    {n(audience.total)}
                  </Row>
                  <Row label={t('launch.review.reachable')} testId="review-messages">
                    {n(audience.reachable)}
                  </Row>
                  {draft.channels.map((ch) => (
                    <Row key={ch} label={t(`campaigns.channels.${ch}`)} testId={`review-audience-${ch}`}>
                      {n(audience.by_channel[ch] ?? 0)}
                    </Row>
                  ))}
                </>
              )}
            </Section>
            <Section title={t('launch.review.senders')} testId="review-senders">
              <SenderRows draft={draft} />
            </Section>
            <Section title={t('launch.review.when')} testId="review-when">
              <Text size="sm" data-testid="review-schedule">
                {draft.schedule.mode === 'later' && draft.schedule.at
                  ? t('launch.review.sendsAt', {
                      at: formatZoned(draft.schedule.at, timeZone, i18n.language),
                      zone: timeZoneName(timeZone, i18n.language),
                    })
                  : t('launch.review.sendsNow')}
              </Text>
            </Section>
            <Section title={t('launch.review.ab')} testId="review-ab">
              {!draft.ab.enabled ? (
                <Text size="sm">{t('launch.review.abOff')}</Text>
              ) : (
                <>
                  <Row label={t('launch.review.abVariantA')} testId="review-ab-a">
                    {t('launch.review.customersShare', { n: n(variantCount('A')), percent: pct(draft.ab.split_percent / 100) })}
                  </Row>
                  <Row label={t('launch.review.abVariantB')} testId="review-ab-b">
                    {t('launch.review.customersShare', { n: n(variantCount('B')), percent: pct(draft.ab.split_percent / 100) })}
                  </Row>
                  <Row label={t('launch.review.abRest')} testId="review-ab-rest">
                    {t('launch.review.customersShare', {
                      n: n(variantCount('REST')),
                      percent: pct(1 - (2 * draft.ab.split_percent) / 100),
                    })}
                  </Row>
                  <Text size="xs" c="dimmed">
                    {t('launch.review.abRule', { metric: abMetric, after })}
                  </Text>
                </>
              )}
            </Section>
            <Section title={t('launch.review.credits')} testId="review-credits-section">
              {estimate.isError ? (
                <Alert color="red" data-testid="review-estimate-error">
                  {isApiError(estimate.error) && !estimate.error.isNetworkError
                    ? estimate.error.message
                    : t('launch.review.estimateFailed')}
                </Alert>
              ) : !estimate.data ? (
                <Group gap="xs">
                  <Loader size="xs" />
                  <Text size="sm" c="dimmed">
                    {t('launch.review.estimating')}
                  </Text>
                </Group>
              ) : (
                <CreditsTable estimate={estimate.data} />
              )}
            </Section>
          </Stack>
        </Grid.Col>
        <Grid.Col span={{ base: 12, md: 6 }}>
          <Stack gap="md" data-testid="review-messages-preview">
            <Title order={3} size="h5">
              {t('launch.review.messages')}
            </Title>
            {draft.ab.enabled && <Badge variant="light">{t('launch.review.abVariantA')}</Badge>}
            <ContentPreview channels={draft.channels} content={draft.content} groupId={draft.audience.group_ids[0] ?? null} />
            {draft.ab.enabled && (
              <>
                <Badge variant="light">{t('launch.review.abVariantB')}</Badge>
                <ContentPreview channels={draft.channels} content={draft.ab.variant_b} groupId={draft.audience.group_ids[0] ?? null} />
              </>
            )}
          </Stack>
        </Grid.Col>
      </Grid>
    </Stack>
  );
}
