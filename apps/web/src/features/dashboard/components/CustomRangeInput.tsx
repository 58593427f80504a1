/**
 * The dashboard's custom period: two days picked on a calendar in the reader's language. Its own
 * module so the date library (@mantine/dates, dayjs and its Arabic locale) loads only when a
 * marketer chooses "Custom range", not with every dashboard visit.
 */
import '@mantine/dates/styles.css';
import { DatePickerInput, DatesProvider } from '@mantine/dates';
import 'dayjs/locale/ar';
import { useTranslation } from 'react-i18next';

const toDay = (d: Date | string | null) => {
  if (!d) return '';
  if (typeof d === 'string') return d.slice(0, 10);
  return `${d.getFullYear()}-${String(d.getMonth() + 1).padStart(2, '0')}-${String(d.getDate()).padStart(2, '0')}`;
};

export function CustomRangeInput({
  from,
  to,
  onChange,
}: {
  from: string;
  to: string;
  onChange: (range: { from: string; to: string }) => void;
}) {
  const { t, i18n } = useTranslation();
  return (
    <DatesProvider settings={{ locale: i18n.language === 'ar' ? 'ar' : 'en', firstDayOfWeek: i18n.language === 'ar' ? 6 : 0 }}>
      <DatePickerInput
        type="range"
        label={t('dashboard.filters.custom')}
        placeholder={t('dashboard.filters.pickDays')}
        w={{ base: '100%', xs: 260 }}
        value={[from || null, to || null]}
        onChange={([start, end]) => onChange({ from: toDay(start), to: toDay(end) })}
        valueFormat="D MMM YYYY"
        allowSingleDateInRange
        data-testid="filter-custom"
      />
    </DatesProvider>
  );
}
