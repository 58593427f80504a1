/**
 * The dashboard's filters, kept in the URL: a period (presets, or a custom range picked on a
 * calendar in the reader's language), a channel, a brand and a campaign.
 */
import { Group, Select, TextInput } from '@mantine/core';
import { CHANNELS, RANGE_PRESETS } from '@risala/shared/constants';
import { lazy, Suspense } from 'react';
import { useTranslation } from 'react-i18next';
import { useBrandOptions } from '../../../lib/brand-options.ts';
import type { UrlPatch } from '../../../lib/url-list.ts';
import { useCampaignOptions } from '../api/get-campaign-options.ts';
import { type DashboardUrl, rangeChoice } from '../filters.ts';

const CustomRangeInput = lazy(() => import('./CustomRangeInput.tsx').then((m) => ({ default: m.CustomRangeInput })));

export function FilterBar({ values, update }: { values: DashboardUrl; update: (patch: UrlPatch<DashboardUrl>) => void }) {
  const { t } = useTranslation();
  const brands = useBrandOptions();
  const campaigns = useCampaignOptions();
  const choice = rangeChoice(values);
  const campaignOptions = (campaigns.data ?? []).filter((c) => !values.brand || String(c.brand) === values.brand);
  // on a phone two filters to a row: four full-width rows pushed every figure below the fold
  const half = 'calc(50% - var(--mantine-spacing-sm) / 2)';
  return (
    <Group gap="sm" align="flex-end" wrap="wrap" data-testid="dashboard-filters">
      <Select
        label={t('dashboard.filters.period')}
        w={{ base: half, xs: 190 }}
        value={values.range === 'custom' ? 'custom' : choice}
        allowDeselect={false}
        data={[...RANGE_PRESETS, 'custom'].map((p) => ({ value: p, label: t(`dashboard.filters.presets.${p}`) }))}
        onChange={(v) => update({ range: v ?? '30d', ...(v === 'custom' ? {} : { from: '', to: '' }) })}
        data-testid="filter-period"
      />
      {values.range === 'custom' && (
        // the calendar's library loads on this choice; an input of the same size holds its place meanwhile
        <Suspense
          fallback={
            <TextInput
              label={t('dashboard.filters.custom')}
              placeholder={t('dashboard.filters.pickDays')}
              w={{ base: '100%', xs: 260 }}
              readOnly
            />
          }
        >
          <CustomRangeInput from={values.from} to={values.to} onChange={update} />
        </Suspense>
      )}
      <Select
        label={t('dashboard.filters.channel')}
        w={{ base: half, xs: 150 }}
        placeholder={t('dashboard.filters.allChannels')}
        clearable
        value={values.channel || null}
        data={CHANNELS.map((c) => ({ value: c, label: t(`messages.channel.${c}`) }))}
        onChange={(v) => update({ channel: v ?? '' })}
        data-testid="filter-channel"
      />
      <Select
        label={t('dashboard.filters.brand')}
        w={{ base: half, xs: 180 }}
        placeholder={t('dashboard.filters.allBrands')}
        clearable
        searchable
        value={values.brand || null}
        data={brands.data ?? []}
        onChange={(v) => update({ brand: v ?? '', campaign: '' })}
        data-testid="filter-brand"
      />
      <Select
        label={t('dashboard.filters.campaign')}
        w={{ base: half, xs: 220 }}
        placeholder={t('dashboard.filters.allCampaigns')}
        clearable
        searchable
        value={values.campaign || null}
        data={campaignOptions.map((c) => ({ value: c.value, label: c.label }))}
        onChange={(v) => update({ campaign: v ?? '' })}
        nothingFoundMessage={t('dashboard.filters.noCampaigns')}
        data-testid="filter-campaign"
      />
    </Group>
  );
}
