import { AppShell, NavLink, ScrollArea, Tooltip, useDirection } from '@mantine/core';
import {
  IconBuildingStore,
  IconFileText,
  IconHistory,
  IconLayoutDashboard,
  IconLifebuoy,
  IconMessages,
  IconRocket,
  IconSend,
  IconSparkles,
  IconTemplate,
  IconUsers,
} from '@tabler/icons-react';
import type { ComponentType, MouseEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useLocation, useNavigate } from 'react-router';
import { useLandingPath, useSession } from '../../lib/session.ts';
import { Logo } from './Logo.tsx';
import { isNavActive, type NavRoute, visibleNavEntries } from './nav.ts';

const ICONS: Record<NavRoute, ComponentType<{ size?: number; stroke?: number }>> = {
  '/brand': IconBuildingStore,
  '/sender-management': IconSend,
  '/template': IconTemplate,
  '/content': IconFileText,
  '/customer': IconUsers,
  '/campaign': IconRocket,
  '/campaignhistory': IconHistory,
  '/message-history': IconMessages,
  '/dashboard': IconLayoutDashboard,
  '/analytics': IconSparkles,
  '/support': IconLifebuoy,
};

/**
 * The sidebar (spec §2): entries allowed by the permission tree, active by path prefix. Closed, it
 * is a rail of icons (hidden on small screens); clicking an entry navigates and opens it.
 */
export function Sidebar({ opened, onOpen }: { opened: boolean; onOpen: () => void }) {
  const { t } = useTranslation();
  const { pathname } = useLocation();
  const navigate = useNavigate();
  const landing = useLandingPath();
  const entries = visibleNavEntries(useSession().permissions);
  const { dir } = useDirection();

  const go = (event: MouseEvent, route: string) => {
    event.preventDefault();
    if (pathname !== route) navigate(route);
    onOpen();
  };

  return (
    <AppShell.Navbar data-testid="sidebar" data-opened={opened || undefined} aria-label={t('shell.navigation')}>
      {opened && (
        <AppShell.Section px="md" py="sm" visibleFrom="sm">
          <Logo onClick={() => navigate(landing)} />
        </AppShell.Section>
      )}
      <AppShell.Section grow component={ScrollArea} px={opened ? 'sm' : 6} py="xs">
        {entries.map((entry) => {
          const Icon = ICONS[entry.route];
          const label = t(entry.labelKey);
          const link = (
            <NavLink
              key={entry.route}
              component={Link}
              to={entry.route}
              onClick={(event: MouseEvent) => go(event, entry.route)}
              active={isNavActive(pathname, entry.route)}
              label={opened ? label : undefined}
              aria-label={label}
              leftSection={<Icon size={22} stroke={1.6} />}
              data-testid={`sidebar-item-${entry.route.slice(1)}`}
              style={{ borderRadius: 'var(--mantine-radius-md)' }}
              mb={4}
            />
          );
          return opened ? (
            link
          ) : (
            <Tooltip key={entry.route} label={label} position={dir === 'rtl' ? 'left' : 'right'} withArrow>
              {link}
            </Tooltip>
          );
        })}
      </AppShell.Section>
    </AppShell.Navbar>
  );
}
