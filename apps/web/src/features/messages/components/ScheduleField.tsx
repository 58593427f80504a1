import { Group, Radio, Stack, TextInput } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { minScheduleLocal, scheduleError } from '../compose.ts';

export interface ScheduleDraft {
  mode: 'now' | 'later';
  /** datetime-local value */
  at: string;
}

/** Send now or at a time more than 5 minutes ahead (§5). */
export function ScheduleField({ value, onChange }: { value: ScheduleDraft; onChange: (v: ScheduleDraft) => void }) {
  const { t } = useTranslation();
  const error = value.mode === 'later' && value.at ? scheduleError(value.at) : null;
  return (
    <Stack gap="xs">
      <Radio.Group
        label={t('messages.compose.when')}
        value={value.mode}
        onChange={(mode) => onChange({ mode: mode as ScheduleDraft['mode'], at: value.at || minScheduleLocal() })}
      >
        <Group gap="lg" mt={4}>
          <Radio value="now" label={t('messages.compose.sendNow')} data-testid="compose-send-now" />
          <Radio value="later" label={t('messages.compose.schedule')} data-testid="compose-schedule" />
        </Group>
      </Radio.Group>
      {value.mode === 'later' && (
        <TextInput
          type="datetime-local"
          label={t('messages.compose.scheduleAt')}
          value={value.at}
          min={minScheduleLocal()}
          onChange={(e) => onChange({ ...value, at: e.currentTarget.value })}
          error={error ? t(error) : undefined}
          w={260}
          data-testid="compose-schedule-at"
        />
      )}
    </Stack>
  );
}

/** The schedule_at to send, or undefined for "now"; null when the time is not valid yet. */
export function scheduleValue(v: ScheduleDraft): string | undefined | null {
  if (v.mode === 'now') return undefined;
  if (scheduleError(v.at)) return null;
  return new Date(v.at).toISOString();
}
