import { Button } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { setLanguage } from '../../lib/i18n.ts';

/** EN ⇄ ع: shows the language you switch to, in that language. */
export function LanguageToggle() {
  const { t, i18n } = useTranslation();
  const next = i18n.language === 'ar' ? 'en' : 'ar';
  return (
    <Button
      variant="subtle"
      size="compact-md"
      onClick={() => setLanguage(next)}
      data-testid="language-toggle"
      aria-label={t('common.switchLanguage')}
      lang={next}
    >
      {next === 'ar' ? 'ع' : 'EN'}
    </Button>
  );
}
