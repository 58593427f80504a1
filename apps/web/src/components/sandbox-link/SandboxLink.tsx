import { Anchor } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { useSandboxStatus } from './get-sandbox-status.ts';

/** "Open sandbox inbox", shown only when the server runs its local mail sandbox. */
export function SandboxLink({ email }: { email?: string }) {
  const { t } = useTranslation();
  const { data } = useSandboxStatus();
  if (!data?.enabled) return null;
  const to = email ? `/sandbox/inbox?to=${encodeURIComponent(email)}` : '/sandbox/inbox';
  return (
    <Anchor component={Link} to={to} size="sm" data-testid="sandbox-link">
      {t('sandbox.open')}
    </Anchor>
  );
}
