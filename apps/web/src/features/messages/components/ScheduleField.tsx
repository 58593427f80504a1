import { Group, Radio, Stack } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { useAccountTimeZone } from '../../../lib/session.ts';
import { minZonedLocal, zonedLocalToIso, zonedScheduleError } from '../../../lib/zoned.ts';
import { ZonedDateTimeInput } from '../../../components/dates/ZonedDateTimeInput.tsx';

export interface ScheduleDraft {
  mode: 'now' | 'later';
  /** datetime-local value, a wall time in the account's zone */
  at: string;
}

/**
 * Send now or at a time more than 5 minutes ahead (§5), typed in the account's time zone (named
 * under the field), as in the campaign launcher and the batch screens, whatever the browser's zone.
 */
export function ScheduleField({ value, onChange }: { value: ScheduleDraft; onChange: (v: ScheduleDraft) => void }) {
  const { t } = useTranslation();
  const zone = useAccountTimeZone();
  const error = value.mode === 'later' && value.at ? zonedScheduleError(value.at, zone) : null;
  return (
    <Stack gap="xs">
      <Radio.Group
        label={t('messages.compose.when')}
        value={value.mode}
        onChange={(mode) => onChange({ mode: mode as ScheduleDraft['mode'], at: value.at || minZonedLocal(zone) })}
      >
        <Group gap="lg" mt={4}>
          <Radio value="now" label={t('messages.compose.sendNow')} data-testid="compose-send-now" />
          <Radio value="later" label={t('messages.compose.schedule')} data-testid="compose-schedule" />
        </Group>
      </Radio.Group>
      {value.mode === 'later' && (
        <ZonedDateTimeInput
          label={t('messages.compose.scheduleAt')}
          zone={zone}
          value={value.at}
          min={minZonedLocal(zone)}
          onChange={(at) => onChange({ ...value, at })}
          error={error ? t(error) : undefined}
          w={260}
          testId="compose-schedule-at"
        />
      )}
    </Stack>
  );
}

/** The schedule_at to send, or undefined for "now"; null when the time is not valid yet. */
export function scheduleValue(v: ScheduleDraft, zone: string): string | undefined | null {
  if (v.mode === 'now') return undefined;
  if (zonedScheduleError(v.at, zone)) return null;
  return zonedLocalToIso(v.at, zone);
}
