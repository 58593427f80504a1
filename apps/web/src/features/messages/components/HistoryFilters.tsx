import { Badge, Button, CloseButton, Drawer, Group, Select, Stack, Text, TextInput } from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import { CHANNELS, MESSAGE_VIEW_NAMES, type MessageState, type MessageView } from '@risala/shared/schemas/messages';
import { IconAdjustmentsHorizontal, IconSearch, IconX } from '@tabler/icons-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { DayInput } from '../../../components/dates/DayInput.tsx';
import { type MessageFilters, rangeInverted } from '../filters.ts';

const EXACT = 'status:';

/**
 * Search, channel, one status filter and the date range. The status filter offers the catalogue's
 * views (Delivered = delivered, read or partly delivered…); an exact state arrives only from a link
 * (e.g. the dashboard) and is shown as its own option, so there is one status control, not two.
 * On a phone only the search stays in line; the rest opens in a drawer.
 */
export function HistoryFilters(props: {
  value: MessageFilters;
  onChange: (f: MessageFilters) => void;
  /** the status filter: a view, or an exact state (then the view is 'all') — applied at once */
  onStatus: (view: MessageView, status: MessageState | null) => void;
}) {
  const { value, onChange, onStatus } = props;
  const { t } = useTranslation();
  const phone = useMediaQuery('(max-width: 48em)');
  const [open, setOpen] = useState(false);
  const set = (patch: Partial<MessageFilters>) => onChange({ ...value, ...patch });
  const statusValue = value.status ? `${EXACT}${value.status}` : value.view !== 'all' ? value.view : null;
  const chosen = [value.channel, statusValue, value.from || value.to].filter(Boolean).length;
  const any = Boolean(chosen || value.search || value.bulk_id || value.error_code || value.campaign_id);
  // a From day after the To day is said here; the list is not filtered by the impossible range (filters.ts)
  const inverted = rangeInverted(value);
  const clear = () => {
    onChange({ view: 'all' });
    onStatus('all', null);
  };
  const width = (px: number) => (phone ? '100%' : px);

  const controls = (
    <>
      <Select
        label={t('messages.filters.channel')}
        placeholder={t('messages.filters.any')}
        data={CHANNELS.map((c) => ({ value: c, label: t(`messages.channel.${c}`) }))}
        value={value.channel ?? null}
        onChange={(v) => set({ channel: (v as MessageFilters['channel']) ?? null })}
        clearable
        w={width(150)}
        comboboxProps={{ withinPortal: !phone }}
        data-testid="message-filter-channel"
      />
      <Select
        label={t('messages.filters.status')}
        placeholder={t('messages.filters.anyStatus')}
        data={[
          ...MESSAGE_VIEW_NAMES.filter((v) => v !== 'all').map((v) => ({ value: v, label: t(`messages.views.${v}`) })),
          ...(value.status
            ? [
                {
                  value: `${EXACT}${value.status}`,
                  label: t('messages.filters.exactStatus', { status: t(`messages.status.${value.status}`) }),
                },
              ]
            : []),
        ]}
        value={statusValue}
        onChange={(v) => {
          if (v?.startsWith(EXACT)) return;
          onStatus((v as MessageView | null) ?? 'all', null);
        }}
        clearable
        w={width(180)}
        comboboxProps={{ withinPortal: !phone }}
        data-testid="message-filter-status"
      />
      <DayInput
        label={t('messages.filters.from')}
        value={value.from ?? ''}
        onChange={(day) => set({ from: day || undefined })}
        max={value.to}
        error={inverted ? t('messages.filters.fromAfterTo') : undefined}
        w={width(170)}
        testId="message-filter-from"
      />
      <DayInput
        label={t('messages.filters.to')}
        value={value.to ?? ''}
        onChange={(day) => set({ to: day || undefined })}
        min={value.from}
        error={inverted ? t('messages.filters.toBeforeFrom') : undefined}
        w={width(170)}
        testId="message-filter-to"
      />
    </>
  );
  const clearButton = any && (
    <Button
      variant="subtle"
      leftSection={<IconX size={14} />}
      onClick={clear}
      data-testid="message-filters-clear"
      style={{ alignSelf: 'flex-end' }}
    >
      {value.bulk_id ? t('messages.filters.clearWithBulk') : t('messages.filters.clear')}
    </Button>
  );
  const search = (
    <TextInput
      label={phone ? undefined : t('messages.filters.search')}
      aria-label={t('messages.filters.search')}
      placeholder={t('messages.filters.searchPlaceholder')}
      leftSection={<IconSearch size={16} />}
      value={value.search ?? ''}
      onChange={(e) => set({ search: e.currentTarget.value })}
      w={phone ? undefined : 260}
      style={phone ? { flex: 1, minWidth: 0 } : undefined}
      data-testid="message-search"
    />
  );

  return (
    <Stack gap={6}>
      {phone ? (
        <Group gap="xs" wrap="nowrap">
          {search}
          <Button
            variant="default"
            leftSection={<IconAdjustmentsHorizontal size={16} />}
            rightSection={
              chosen > 0 ? (
                <Badge size="sm" circle>
                  {chosen}
                </Badge>
              ) : undefined
            }
            onClick={() => setOpen(true)}
            data-testid="message-filters-open"
          >
            {t('messages.filters.more')}
          </Button>
          <Drawer
            opened={open}
            onClose={() => setOpen(false)}
            position="bottom"
            size="auto"
            title={t('messages.filters.title')}
            data-testid="message-filters-drawer"
          >
            <Stack gap="sm" pb="md">
              {controls}
              {inverted && (
                <Text size="sm" c="red" role="alert">
                  {t('messages.filters.rangeIgnored')}
                </Text>
              )}
              <Group justify="space-between">
                {clearButton || <span />}
                <Button onClick={() => setOpen(false)} data-testid="message-filters-apply">
                  {t('messages.filters.apply')}
                </Button>
              </Group>
            </Stack>
          </Drawer>
        </Group>
      ) : (
        <Group gap="sm" align="flex-start" wrap="wrap">
          {search}
          {controls}
          {clearButton}
        </Group>
      )}
      {(value.error_code || value.campaign_id) && (
        <Group gap="xs" data-testid="message-filter-from-dashboard">
          {value.error_code && (
            <Badge
              variant="light"
              tt="none"
              rightSection={
                <CloseButton size="xs" aria-label={t('messages.filters.clear')} onClick={() => set({ error_code: undefined })} />
              }
              data-testid="message-filter-reason"
            >
              {t('messages.filters.reason', { code: value.error_code === '-' ? t('messages.filters.noReason') : value.error_code })}
            </Badge>
          )}
          {value.campaign_id && (
            <Badge
              variant="light"
              tt="none"
              rightSection={
                <CloseButton size="xs" aria-label={t('messages.filters.clear')} onClick={() => set({ campaign_id: undefined })} />
              }
              data-testid="message-filter-campaign"
            >
              {t('messages.filters.campaign', { id: value.campaign_id })}
            </Badge>
          )}
        </Group>
      )}
      {inverted && !phone && (
        <Text size="sm" c="red" role="alert" data-testid="message-range-error">
          {t('messages.filters.rangeIgnored')}
        </Text>
      )}
    </Stack>
  );
}
