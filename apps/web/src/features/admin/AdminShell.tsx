import { Alert, Anchor, Box, Button, Group, Loader, Text, Title } from '@mantine/core';
import { useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { Navigate, NavLink, Outlet, useLocation, useNavigate } from 'react-router';
import { currentLanguage, setLanguage } from '../../lib/i18n.ts';
import { isUnauthorized, signOut, useOperator } from './api.ts';

const LINKS = [
  ['/admin/accounts', 'admin.nav.accounts'],
  ['/admin/reviews', 'admin.nav.reviews'],
  ['/admin/gateway', 'admin.nav.gateway'],
] as const;

/** A language switch for pages outside the tenant shell (the admin area has no top bar). */
export function LanguageSwitch() {
  const { t } = useTranslation();
  return (
    <Button
      variant="subtle"
      size="compact-sm"
      onClick={() => void setLanguage(currentLanguage() === 'ar' ? 'en' : 'ar')}
      data-testid="admin-language"
    >
      {t('admin.nav.language')}
    </Button>
  );
}

/** /admin/*: the operator's own frame (no sidebar, no tenant top bar); no operator session → /admin/login. */
export function AdminShell() {
  const { t } = useTranslation();
  const me = useOperator();
  const location = useLocation();
  const navigate = useNavigate();
  const client = useQueryClient();
  if (me.isPending) return <Loader m="xl" />;
  if (me.error) {
    if (isUnauthorized(me.error)) return <Navigate to="/admin/login" replace state={{ from: location.pathname }} />;
    return <Alert color="red">{me.error.message}</Alert>;
  }
  async function leave() {
    await signOut().catch(() => undefined);
    client.removeQueries({ queryKey: ['admin'] });
    navigate('/admin/login', { replace: true });
  }
  return (
    <Box maw={1280} mx="auto" data-testid="admin-shell">
      <Group justify="space-between" wrap="wrap" gap="sm" mb="lg" pb="sm" style={{ borderBottom: '1px solid var(--mantine-color-gray-3)' }}>
        <Title order={1} size="h3">
          {t('admin.title')}
        </Title>
        <Group gap="md" wrap="wrap" component="nav" aria-label={t('admin.title')}>
          {LINKS.map(([to, key]) => (
            <Anchor
              key={to}
              component={NavLink}
              to={to}
              fw={location.pathname.startsWith(to) ? 700 : 400}
              data-testid={`admin-nav-${to.split('/')[2]}`}
            >
              {t(key)}
            </Anchor>
          ))}
        </Group>
        <Group gap="xs" wrap="wrap">
          <Text size="sm" c="dimmed" dir="ltr">
            {me.data.operator.email}
          </Text>
          <LanguageSwitch />
          <Button variant="default" size="compact-sm" onClick={() => void leave()} data-testid="admin-sign-out">
            {t('admin.nav.signOut')}
          </Button>
        </Group>
      </Group>
      <Outlet />
    </Box>
  );
}
