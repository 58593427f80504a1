import {
  ActionIcon,
  Alert,
  Anchor,
  Checkbox,
  Group,
  Loader,
  MultiSelect,
  Paper,
  Select,
  SimpleGrid,
  Stack,
  Text,
  Textarea,
  TextInput,
} from '@mantine/core';
import { CHANNELS, type Channel } from '@risala/shared/schemas/messages';
import { IconArrowDown, IconArrowUp } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { useAudienceCount } from '../api/get-campaign.ts';
import { useBrandOptions, useGroupOptions } from '../api/get-launcher-options.ts';
import { type LauncherDraft, moveChannel } from '../draft.ts';
import { ChannelBadge } from './ContentEditor.tsx';

export interface StepProps {
  draft: LauncherDraft;
  set: (patch: Partial<LauncherDraft>) => void;
}

/** Step 1: brand, name and objective (`errors`: what keeps the step from being done, or the last save's refusal, by field). */
export function BasicsStep({
  draft,
  set,
  errors = {},
}: StepProps & { errors?: Partial<Record<'brand_id' | 'name' | 'objective', string>> }) {
  const { t } = useTranslation();
  const brands = useBrandOptions();
  return (
    <Stack gap="md">
      <Select
        label={t('campaigns.launcher.basics.brand')}
        placeholder={t('campaigns.launcher.basics.brandPlaceholder')}
        data={(brands.data ?? []).map((b) => ({ value: String(b.id), label: b.name }))}
        value={draft.brand_id ? String(draft.brand_id) : null}
        onChange={(v) => set({ brand_id: v ? Number(v) : null })}
        searchable
        required
        error={errors.brand_id}
        nothingFoundMessage={t('campaigns.launcher.basics.noBrands')}
        data-testid="launcher-brand"
      />
      {brands.data?.length === 0 && (
        <Text size="sm" c="dimmed">
          <Anchor component={Link} to="/brand">
            {t('campaigns.launcher.basics.createBrand')}
          </Anchor>
        </Text>
      )}
      <TextInput
        label={t('campaigns.launcher.basics.name')}
        placeholder={t('campaigns.launcher.basics.namePlaceholder')}
        value={draft.name}
        maxLength={150}
        onChange={(e) => set({ name: e.currentTarget.value })}
        error={errors.name}
        data-testid="launcher-name"
      />
      <Textarea
        label={t('campaigns.launcher.basics.objective')}
        placeholder={t('campaigns.launcher.basics.objectivePlaceholder')}
        value={draft.objective}
        maxLength={500}
        autosize
        minRows={2}
        onChange={(e) => set({ objective: e.currentTarget.value })}
        error={errors.objective}
        data-testid="launcher-objective"
      />
    </Stack>
  );
}

/** Step 2: one or several channels, in fallback order (a customer gets the first one they can receive). */
export function ChannelsStep({ draft, set }: StepProps) {
  const { t } = useTranslation();
  const toggle = (ch: Channel, on: boolean) => set({ channels: on ? [...draft.channels, ch] : draft.channels.filter((c) => c !== ch) });
  return (
    <Stack gap="md">
      <Text size="sm" c="dimmed">
        {t('campaigns.launcher.channels.hint')}
      </Text>
      <Group gap="lg">
        {CHANNELS.map((ch) => (
          <Checkbox
            key={ch}
            label={t(`campaigns.channels.${ch}`)}
            checked={draft.channels.includes(ch)}
            onChange={(e) => toggle(ch, e.currentTarget.checked)}
            data-testid={`launcher-channel-${ch}`}
          />
        ))}
      </Group>
      {draft.channels.length > 1 && (
        <Paper withBorder p="sm" radius="md" data-testid="launcher-channel-order">
          <Text size="sm" fw={600} mb="xs">
            {t('campaigns.launcher.channels.order')}
          </Text>
          <Stack gap={6}>
            {draft.channels.map((ch, i) => (
              <Group key={ch} gap="xs">
                <ChannelBadge channel={ch} order={i + 1} />
                <ActionIcon
                  variant="subtle"
                  size="sm"
                  disabled={i === 0}
                  onClick={() => set({ channels: moveChannel(draft.channels, ch, -1) })}
                  aria-label={t('campaigns.launcher.channels.up')}
                >
                  <IconArrowUp size={14} />
                </ActionIcon>
                <ActionIcon
                  variant="subtle"
                  size="sm"
                  disabled={i === draft.channels.length - 1}
                  onClick={() => set({ channels: moveChannel(draft.channels, ch, 1) })}
                  aria-label={t('campaigns.launcher.channels.down')}
                >
                  <IconArrowDown size={14} />
                </ActionIcon>
              </Group>
            ))}
          </Stack>
          <Text size="xs" c="dimmed" mt="xs">
            {t('campaigns.launcher.channels.fallback', {
              first: t(`campaigns.channels.${draft.channels[0]}`),
              second: t(`campaigns.channels.${draft.channels[1]}`),
            })}
          </Text>
        </Paper>
      )}
    </Stack>
  );
}

/** Step 3: groups and segments to include and exclude, with the live count of who can be reached. */
export function AudienceStep({ draft, set, campaignId, version }: StepProps & { campaignId: number | null; version: string }) {
  const { t, i18n } = useTranslation();
  const groups = useGroupOptions();
  const count = useAudienceCount(draft.audience.group_ids.length ? campaignId : null, version);
  const options = (groups.data ?? []).map((g) => ({
    value: String(g.id),
    label: `${g.group_name}${g.type === 'dynamic' ? ` · ${t('campaigns.launcher.audience.segment')}` : ''} (${(g.contacts_count ?? 0).toLocaleString(i18n.language)})`,
  }));
  const n = (v: number | undefined) => (v ?? 0).toLocaleString(i18n.language);
  return (
    <Stack gap="md">
      <MultiSelect
        label={t('campaigns.launcher.audience.include')}
        data={options}
        value={draft.audience.group_ids.map(String)}
        onChange={(v) => set({ audience: { ...draft.audience, group_ids: v.map(Number) } })}
        searchable
        nothingFoundMessage={t('campaigns.launcher.audience.noGroups')}
        data-testid="launcher-groups"
      />
      <MultiSelect
        label={t('campaigns.launcher.audience.exclude')}
        data={options.filter((o) => !draft.audience.group_ids.includes(Number(o.value)))}
        value={draft.audience.exclude_group_ids.map(String)}
        onChange={(v) => set({ audience: { ...draft.audience, exclude_group_ids: v.map(Number) } })}
        searchable
        data-testid="launcher-exclude-groups"
      />
      {draft.audience.group_ids.length > 0 && (
        <Paper withBorder p="sm" radius="md" data-testid="audience-count">
          {count.isError ? (
            <Alert color="red">{t('campaigns.launcher.audience.countFailed')}</Alert>
          ) : !count.data ? (
            <Loader size="xs" />
          ) : (
            <SimpleGrid cols={{ base: 2, sm: 4 }}>
              <div>
                <Text size="xs" c="dimmed">
                  {t('campaigns.launcher.audience.inGroups')}
                </Text>
                <Text fw={600} data-testid="audience-total">
                  {n(count.data.total)}
                </Text>
              </div>
              <div>
                <Text size="xs" c="dimmed">
                  {t('campaigns.launcher.audience.reachable')}
                </Text>
                <Text fw={600} data-testid="audience-reachable">
                  {n(count.data.reachable)}
                </Text>
              </div>
              {draft.channels.map((ch) => (
                <div key={ch}>
                  <Text size="xs" c="dimmed">
                    {t(`campaigns.channels.${ch}`)}
                  </Text>
                  <Text fw={600} data-testid={`audience-${ch}`}>
                    {n(count.data.by_channel[ch])}
                  </Text>
                </div>
              ))}
            </SimpleGrid>
          )}
          <Text size="xs" c="dimmed" mt="xs">
            {t('campaigns.launcher.audience.excludedNote')}
          </Text>
        </Paper>
      )}
    </Stack>
  );
}
