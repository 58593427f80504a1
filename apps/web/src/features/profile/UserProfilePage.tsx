import { Paper, Stack, Title } from '@mantine/core';
import { can } from '@risala/shared/permissions';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { LoadError } from '../../components/page/LoadError.tsx';
import { PageLoader } from '../../components/page/PageLoader.tsx';
import { displayName, userProfileQuery, useSession } from '../../lib/session.ts';
import { AccountForm } from './components/AccountForm.tsx';
import { ChangePasswordForm } from './components/ChangePasswordForm.tsx';
import { PictureUpload } from './components/PictureUpload.tsx';
import { ProfileForm } from './components/ProfileForm.tsx';

/** /user-profile: edit the profile, the picture and the password; owners and admins the account too. */
export function UserProfilePage() {
  const { t } = useTranslation();
  const userId = useSession().userId ?? '';
  const profile = useQuery({ ...userProfileQuery(userId), enabled: Boolean(userId) });

  if (profile.isPending) return <PageLoader />;
  if (profile.isError) return <LoadError error={profile.error} onRetry={() => void profile.refetch()} />;
  const data = profile.data;

  return (
    <Stack gap="lg" maw={860} data-testid="user-profile-page">
      <Title order={1} size="h2">
        {t('profile.edit.title')}
      </Title>
      <Paper withBorder p="lg" radius="md">
        <Title order={2} size="h4" mb="md">
          {t('profile.picture.title')}
        </Title>
        <PictureUpload userId={userId} name={displayName(data.user)} />
      </Paper>
      <Paper withBorder p="lg" radius="md">
        <Title order={2} size="h4" mb="md">
          {t('profile.edit.details')}
        </Title>
        <ProfileForm key={data.user.id} profile={data} userId={userId} />
      </Paper>
      {can(data.permissions, 'user_management', 'update') && (
        <Paper withBorder p="lg" radius="md">
          <Title order={2} size="h4" mb="md">
            {t('profile.account.title')}
          </Title>
          <AccountForm key={data.account.id} account={data.account} userId={userId} />
        </Paper>
      )}
      <Paper withBorder p="lg" radius="md">
        <Title order={2} size="h4" mb="md">
          {t('profile.password.title')}
        </Title>
        <ChangePasswordForm />
      </Paper>
    </Stack>
  );
}
