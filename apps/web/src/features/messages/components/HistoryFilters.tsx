import { Badge, Button, CloseButton, Group, Select, Stack, Text, TextInput } from '@mantine/core';
import { CHANNELS, MESSAGE_STATES } from '@risala/shared/schemas/messages';
import { IconSearch, IconX } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { type MessageFilters, rangeInverted } from '../filters.ts';
import { DayInput } from '../../../components/dates/DayInput.tsx';

/** Channel, status, date range and search (the view is chosen by the tabs above). */
export function HistoryFilters({ value, onChange }: { value: MessageFilters; onChange: (f: MessageFilters) => void }) {
  const { t } = useTranslation();
  const set = (patch: Partial<MessageFilters>) => onChange({ ...value, ...patch });
  const any = Boolean(value.channel || value.status || value.search || value.from || value.to || value.bulk_id || value.error_code || value.campaign_id);
  // a From day after the To day is said here; the list is not filtered by the impossible range (filters.ts)
  const inverted = rangeInverted(value);
  return (
    <Stack gap={6}>
      <Group gap="sm" align="flex-start" wrap="wrap">
        <TextInput
          label={t('messages.filters.search')}
          placeholder={t('messages.filters.searchPlaceholder')}
          leftSection={<IconSearch size={16} />}
          value={value.search ?? ''}
          onChange={(e) => set({ search: e.currentTarget.value })}
          w={260}
          data-testid="message-search"
        />
        <Select
          label={t('messages.filters.channel')}
          placeholder={t('messages.filters.any')}
          data={CHANNELS.map((c) => ({ value: c, label: t(`messages.channel.${c}`) }))}
          value={value.channel ?? null}
          onChange={(v) => set({ channel: (v as MessageFilters['channel']) ?? null })}
          clearable
          w={150}
          data-testid="message-filter-channel"
        />
        <Select
          label={t('messages.filters.status')}
          placeholder={t('messages.filters.any')}
          data={MESSAGE_STATES.map((s) => ({ value: s, label: t(`messages.status.${s}`) }))}
          value={value.status ?? null}
          onChange={(v) => set({ status: (v as MessageFilters['status']) ?? null })}
          clearable
          w={180}
          data-testid="message-filter-status"
        />
        <DayInput
          label={t('messages.filters.from')}
          value={value.from ?? ''}
          onChange={(day) => set({ from: day || undefined })}
          max={value.to}
          error={inverted ? t('messages.filters.fromAfterTo') : undefined}
          w={170}
          testId="message-filter-from"
        />
        <DayInput
          label={t('messages.filters.to')}
          value={value.to ?? ''}
          onChange={(day) => set({ to: day || undefined })}
          min={value.from}
          error={inverted ? t('messages.filters.toBeforeFrom') : undefined}
          w={170}
          testId="message-filter-to"
        />
        {any && (
          <Button variant="subtle" leftSection={<IconX size={14} />} onClick={() => onChange({ view: value.view })} data-testid="message-filters-clear" style={{ alignSelf: 'flex-end' }}>
            {value.bulk_id ? t('messages.filters.clearWithBulk') : t('messages.filters.clear')}
          </Button>
        )}
      </Group>
      {(value.error_code || value.campaign_id) && (
        <Group gap="xs" data-testid="message-filter-from-dashboard">
          {value.error_code && (
            <Badge variant="light" tt="none" rightSection={<CloseButton size="xs" aria-label={t('messages.filters.clear')} onClick={() => set({ error_code: undefined })} />} data-testid="message-filter-reason">
              {t('messages.filters.reason', { code: value.error_code === '-' ? t('messages.filters.noReason') : value.error_code })}
            </Badge>
          )}
          {value.campaign_id && (
            <Badge variant="light" tt="none" rightSection={<CloseButton size="xs" aria-label={t('messages.filters.clear')} onClick={() => set({ campaign_id: undefined })} />} data-testid="message-filter-campaign">
              {t('messages.filters.campaign', { id: value.campaign_id })}
            </Badge>
          )}
        </Group>
      )}
      {inverted && (
        <Text size="sm" c="red" role="alert" data-testid="message-range-error">
          {t('messages.filters.rangeIgnored')}
        </Text>
      )}
    </Stack>
  );
}
