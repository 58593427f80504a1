import { Button, Group } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { Link, useLocation } from 'react-router';

const LINKS = [
  { to: '/customer', labelKey: 'nav.customer', exact: true },
  { to: '/customer/groups', labelKey: 'groups.title', exact: false },
  { to: '/customer/blacklists', labelKey: 'blacklists.title', exact: false },
] as const;

/** Links between the audience screens under /customer: customers, groups, blacklists. */
export function AudienceLinks() {
  const { t } = useTranslation();
  const { pathname } = useLocation();
  return (
    <Group gap={4} role="navigation" aria-label={t('groups.audienceNav')} data-testid="audience-links">
      {LINKS.map((link) => {
        const active = link.exact ? pathname === link.to : pathname.startsWith(link.to);
        return (
          <Button
            key={link.to}
            component={Link}
            to={link.to}
            size="compact-sm"
            variant={active ? 'light' : 'subtle'}
            color={active ? undefined : 'gray'}
          >
            {t(link.labelKey)}
          </Button>
        );
      })}
    </Group>
  );
}
