import { DateTimePicker } from '@mantine/dates';
import { formatInZone, timeZoneName } from '@risala/shared/time';
import { useTranslation } from 'react-i18next';
import { DatesLocale, useCalendarLabels } from './DatesLocale.tsx';

/** 'YYYY-MM-DDTHH:mm' (the wall time the app keeps) ⇄ Mantine's 'YYYY-MM-DD HH:mm:ss'. */
const toPicker = (local: string) => (local ? `${local.replace('T', ' ')}:00` : null);
const fromPicker = (value: string | null) => (value ? value.slice(0, 16).replace(' ', 'T') : '');
/** A wall time written like every other moment in the app (its digits read as UTC so nothing shifts). */
const wall = (value: string, language: string) => formatInZone(`${value.slice(0, 16).replace(' ', 'T')}:00Z`, 'UTC', language);

/**
 * A schedule time, picked on a calendar and a 24-hour clock in the interface language, as a wall
 * time in the account's time zone (named under the field) — whatever the browser's own zone.
 */
export function ZonedDateTimeInput({
  label,
  value,
  onChange,
  zone,
  min,
  error,
  w,
  testId,
}: {
  label: string;
  value: string;
  onChange: (local: string) => void;
  zone: string;
  min?: string;
  error?: string;
  w?: number | string;
  testId?: string;
}) {
  const { t, i18n } = useTranslation();
  const labels = useCalendarLabels();
  return (
    <DatesLocale>
      <DateTimePicker
        label={label}
        description={t('dates.zone', { zone: timeZoneName(zone, i18n.language) })}
        placeholder={t('dates.pickMoment')}
        value={toPicker(value)}
        onChange={(v) => onChange(fromPicker(v))}
        valueFormat={(v: string) => wall(v, i18n.language)}
        // days before the earliest are greyed out; a too-early time on that day is said, not silently moved
        minDate={min ? min.slice(0, 10) : undefined}
        error={error}
        w={w}
        timePickerProps={{
          format: '24h',
          hoursInputLabel: t('dates.hours'),
          minutesInputLabel: t('dates.minutes'),
          hoursInputProps: { 'data-testid': testId ? `${testId}-hours` : undefined },
          minutesInputProps: { 'data-testid': testId ? `${testId}-minutes` : undefined },
        }}
        submitButtonProps={{ 'aria-label': t('dates.done'), 'data-testid': testId ? `${testId}-done` : undefined } as object}
        {...labels}
        data-testid={testId}
        data-value={value}
      />
    </DatesLocale>
  );
}
