import { Button } from '@mantine/core';
import { useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { setLanguage } from '../../lib/i18n.ts';
import { saveLanguagePreference, useSession } from '../../lib/session.ts';

/** EN ⇄ ع: shows the language you switch to, in that language; signed in, it is saved to the profile. */
export function LanguageToggle() {
  const { t, i18n } = useTranslation();
  const next = i18n.language === 'ar' ? 'en' : 'ar';
  const { userId } = useSession();
  const client = useQueryClient();
  const change = async () => {
    await setLanguage(next);
    // signed in: the choice is the user's, not just this browser's
    if (userId) await saveLanguagePreference(client, userId, next);
  };
  return (
    <Button
      variant="subtle"
      size="compact-md"
      onClick={() => void change()}
      data-testid="language-toggle"
      aria-label={t('common.switchLanguage')}
      lang={next}
    >
      {next === 'ar' ? 'ع' : 'EN'}
    </Button>
  );
}
