import { Badge, Button, Group, Paper, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { can } from '@risala/shared/permissions';
import { useQuery } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { UserAvatar } from '../../components/layout/UserAvatar.tsx';
import { LoadError } from '../../components/page/LoadError.tsx';
import { PageLoader } from '../../components/page/PageLoader.tsx';
import { useFeatureAccess } from '../../components/trial/api/get-feature-access.ts';
import { Moment } from '../../components/time/Moment.tsx';
import { useTimeFormat } from '../../lib/time.ts';
import { displayName, userProfileQuery, useSession } from '../../lib/session.ts';
import { timeZoneName } from '@risala/shared/time';
import { languageName } from '../../lib/i18n.ts';
import { UserText } from '../../components/text/UserText.tsx';

function Row({ label, value, testId }: { label: string; value: ReactNode; testId?: string }) {
  return (
    <div>
      <Text size="xs" c="dimmed" tt="uppercase" fw={600}>
        {label}
      </Text>
      <Text data-testid={testId}>{value || '—'}</Text>
    </div>
  );
}

const STATE_COLOR: Record<string, string> = { none: 'green', active: 'blue', warning: 'yellow', expired: 'red', blocked: 'red' };

/** /profile: a read-only summary and the plan; the one page reachable while the trial blocks. */
export function ProfilePage() {
  const { t, i18n } = useTranslation();
  const fmt = useTimeFormat();
  const { userId: id, permissions } = useSession();
  const userId = id ?? '';
  const profile = useQuery({ ...userProfileQuery(userId), enabled: Boolean(userId) });
  const access = useFeatureAccess();

  if (profile.isPending) return <PageLoader />;
  if (profile.isError) return <LoadError error={profile.error} onRetry={() => void profile.refetch()} />;
  const { user, account } = profile.data;
  const name = displayName(user);
  const plan = access.data?.currentPlan ?? account?.plan;

  return (
    <Stack gap="lg" maw={860} data-testid="profile-page">
      <Paper withBorder p="lg" radius="md">
        <Group justify="space-between" align="flex-start">
          <Group gap="md">
            <UserAvatar name={name} size={72} />
            <div>
              <Title order={1} size="h2" data-testid="profile-name">
                <UserText>{name}</UserText>
              </Title>
              <Text c="dimmed" className="ltr-value">
                {user.email}
              </Text>
            </div>
          </Group>
          <Button component={Link} to="/user-profile" variant="default">
            {t('profile.editButton')}
          </Button>
        </Group>
        <SimpleGrid cols={{ base: 1, sm: 2 }} mt="lg" spacing="md">
          <Row label={t('auth.fields.phone_number')} value={user.phone_number && <span className="ltr-value">{user.phone_number}</span>} />
          <Row label={t('profile.fields.company')} value={<UserText>{account?.name}</UserText>} />
          <Row label={t('auth.fields.user_role')} value={user.user_role && <UserText>{user.user_role}</UserText>} />
          <Row label={t('auth.fields.industry')} value={user.industry && <UserText>{user.industry}</UserText>} />
          <Row label={t('profile.fields.language')} value={languageName(user.language)} />
          <Row label={t('profile.fields.twoFactor')} value={user.two_factor_enabled ? t('common.on') : t('common.off')} />
          <Row
            label={t('profile.fields.timezone')}
            value={account?.timezone && <span title={account.timezone}>{timeZoneName(account.timezone, i18n.language)}</span>}
          />
          <Row label={t('profile.fields.memberSince')} value={<Moment at={user.created_at} style="day" />} />
        </SimpleGrid>
      </Paper>
      <Paper withBorder p="lg" radius="md" data-testid="profile-plan">
        <Group justify="space-between" align="flex-start">
          <div>
            <Title order={2} size="h4">
              {t('profile.plan.title')}
            </Title>
            <Group gap="xs" mt="xs">
              <Text fw={600} data-testid="profile-plan-name">
                {plan ? t(`plans.names.${plan}`, { defaultValue: plan }) : '—'}
              </Text>
              {access.data && (
                <Badge color={STATE_COLOR[access.state] ?? 'gray'} variant="light" data-testid="profile-trial-state">
                  {t(`profile.plan.state.${access.state}`)}
                </Badge>
              )}
            </Group>
            {access.data?.trial_ends_at && access.state !== 'none' && (
              <Text size="sm" c="dimmed" mt={4}>
                {t('profile.plan.endsAt', {
                  date: fmt.day(access.data.trial_ends_at),
                })}
              </Text>
            )}
            {access.isError && (
              <Text size="sm" c="dimmed" mt={4}>
                {t('profile.plan.unavailable')}
              </Text>
            )}
          </div>
          {/* only those who may change the plan are offered to (owners; billing) */}
          {can(permissions, 'billing', 'update') && (
            <Button component={Link} to="/subscriptionplan?upgrade=true" data-testid="profile-upgrade">
              {t('trial.upgrade')}
            </Button>
          )}
        </Group>
      </Paper>
    </Stack>
  );
}
