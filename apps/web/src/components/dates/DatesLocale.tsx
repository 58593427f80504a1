import '@mantine/dates/styles.css';
import { DatesProvider } from '@mantine/dates';
import 'dayjs/locale/ar';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';

/** Calendars in the interface language: Arabic month and day names, the week from Saturday. */
export function DatesLocale({ children }: { children: ReactNode }) {
  const { i18n } = useTranslation();
  const ar = i18n.language === 'ar';
  // the Gulf's weekend (Friday, Saturday) in Arabic; Saturday and Sunday otherwise
  return (
    <DatesProvider settings={{ locale: ar ? 'ar' : 'en', firstDayOfWeek: ar ? 6 : 0, weekendDays: ar ? [5, 6] : [0, 6] }}>
      {children}
    </DatesProvider>
  );
}

/** Test hooks and screen-reader labels shared by the pickers: each day carries its ISO date. */
export function useCalendarLabels() {
  const { t } = useTranslation();
  return {
    nextLabel: t('dates.next'),
    previousLabel: t('dates.previous'),
    getDayProps: (day: string) => ({ 'data-day': day }) as Record<string, string>,
  };
}
