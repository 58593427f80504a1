import { Anchor, Group } from '@mantine/core';
import { IconArrowBackUp } from '@tabler/icons-react';
import { Link, useLocation } from 'react-router';

/** The state a list puts on the link to one of its items, so "back" returns to the same view. */
export const backState = (location: { pathname: string; search: string }) => ({ back: `${location.pathname}${location.search}` });

/**
 * "← Back to …" above a detail page: to the list as the user left it (its search, filters and
 * page, passed in the navigation state by backState) when they came from it, else to `to`.
 */
export function BackLink({ to, label, testId }: { to: string; label: string; testId?: string }) {
  const location = useLocation();
  const back = (location.state as { back?: unknown } | null)?.back;
  // only a view of the same list: a state from elsewhere never sends the user somewhere else
  const target = typeof back === 'string' && (back === to || back.startsWith(`${to}?`)) ? back : to;
  return (
    <Anchor component={Link} to={target} size="sm" data-testid={testId}>
      <Group gap={4} component="span">
        <IconArrowBackUp size={16} className="mirror-rtl" />
        {label}
      </Group>
    </Anchor>
  );
}
