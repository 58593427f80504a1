import { DatePickerInput } from '@mantine/dates';
import { formatCalendarDay } from '@risala/shared/time';
import { useTranslation } from 'react-i18next';
import { DatesLocale, useCalendarLabels } from './DatesLocale.tsx';

/**
 * One day ('YYYY-MM-DD', '' for none) picked on a calendar in the interface language and written
 * as the rest of the app writes days — not the browser's mm/dd/yyyy.
 */
export function DayInput({
  label,
  ariaLabel,
  size,
  value,
  onChange,
  min,
  max,
  error,
  w,
  testId,
}: {
  label?: string;
  ariaLabel?: string;
  size?: 'xs' | 'sm';
  value: string;
  onChange: (day: string) => void;
  min?: string;
  max?: string;
  error?: string;
  w?: number | string;
  testId?: string;
}) {
  const { t, i18n } = useTranslation();
  const labels = useCalendarLabels();
  return (
    <DatesLocale>
      <DatePickerInput
        label={label}
        aria-label={ariaLabel}
        size={size}
        placeholder={t('dates.pickDay')}
        value={value || null}
        onChange={(day) => onChange(day ?? '')}
        valueFormatter={({ date }) => (typeof date === 'string' ? formatCalendarDay(date, i18n.language) : '')}
        minDate={min || undefined}
        maxDate={max || undefined}
        clearable
        clearButtonProps={{ 'aria-label': t('dates.clear') }}
        error={error}
        w={w}
        {...labels}
        data-testid={testId}
      />
    </DatesLocale>
  );
}
