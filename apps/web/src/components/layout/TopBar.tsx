import { ActionIcon, AppShell, Group, Menu, Text, UnstyledButton } from '@mantine/core';
import { truncateName } from '@risala/shared/format';
import { IconChevronDown, IconLogout, IconMenu2, IconUser } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate } from 'react-router';
import { ACCOUNT_PAGES_READY } from '../../app/account-pages.ts';
import { formatToday } from '../../lib/dates.ts';
import { displayName, logout, useLandingPath, userProfileQuery, useSession } from '../../lib/session.ts';
import { LanguageToggle } from '../language-toggle/LanguageToggle.tsx';
import { NotificationBell } from '../notification-bell/NotificationBell.tsx';
import { Logo } from './Logo.tsx';
import { UserAvatar } from './UserAvatar.tsx';
import { UserText } from '../text/UserText.tsx';
import { visibleAccountMenu } from './nav.ts';

/** Top bar (spec §2): sidebar toggle, logo when the sidebar is closed, date, bell, language, user menu. */
export function TopBar({ sidebarOpened, onToggleSidebar }: { sidebarOpened: boolean; onToggleSidebar: () => void }) {
  const { t, i18n } = useTranslation();
  const navigate = useNavigate();
  const landing = useLandingPath();
  const { userId, username, permissions } = useSession();
  const accountPages = visibleAccountMenu(permissions, ACCOUNT_PAGES_READY);
  const profile = useQuery({ ...userProfileQuery(userId ?? ''), enabled: Boolean(userId) });
  const name = (profile.data ? displayName(profile.data.user) : username) || t('shell.guest');

  return (
    <AppShell.Header>
      <Group h="100%" px="md" justify="space-between" wrap="nowrap">
        <Group gap="sm" wrap="nowrap">
          <ActionIcon
            variant="subtle"
            size="lg"
            onClick={onToggleSidebar}
            aria-label={sidebarOpened ? t('shell.collapseSidebar') : t('shell.expandSidebar')}
            aria-expanded={sidebarOpened}
            data-testid="sidebar-toggle"
          >
            <IconMenu2 size={22} />
          </ActionIcon>
          {!sidebarOpened && <Logo onClick={() => navigate(landing)} />}
        </Group>
        <Group gap="xs" wrap="nowrap">
          <Text size="sm" c="dimmed" visibleFrom="md" data-testid="top-bar-date">
            {formatToday(new Date(), i18n.language)}
          </Text>
          <NotificationBell />
          <LanguageToggle />
          <Menu position="bottom-end" width={220} shadow="md">
            <Menu.Target>
              <UnstyledButton data-testid="user-menu" aria-label={t('shell.userMenu')}>
                <Group gap={8} wrap="nowrap" data-user-text>
                  <UserAvatar name={name} />
                  <Text size="sm" fw={600} visibleFrom="xs" data-testid="top-bar-name" title={name}>
                    <UserText>{truncateName(name)}</UserText>
                  </Text>
                  <IconChevronDown size={16} />
                </Group>
              </UnstyledButton>
            </Menu.Target>
            <Menu.Dropdown>
              <Menu.Item component={Link} to="/user-profile" leftSection={<IconUser size={16} />} data-testid="menu-profile">
                {t('shell.profile')}
              </Menu.Item>
              {accountPages.map((page) => (
                <Menu.Item key={page.route} component={Link} to={page.route} data-testid={`menu-${page.route.slice(1)}`}>
                  {t(page.labelKey)}
                </Menu.Item>
              ))}
              {/* c, not color: a coloured item's text is shade 6 (3.3:1 on white); c is the theme's text red */}
              <Menu.Item
                c="red"
                leftSection={<IconLogout size={16} className="mirror-rtl" />}
                onClick={() => void logout()}
                data-testid="logout"
              >
                {t('shell.logout')}
              </Menu.Item>
            </Menu.Dropdown>
          </Menu>
        </Group>
      </Group>
    </AppShell.Header>
  );
}
