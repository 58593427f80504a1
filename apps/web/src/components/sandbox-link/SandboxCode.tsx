import { Alert, Button, Group, Text } from '@mantine/core';
import type { DataOf } from '@risala/shared/schemas/common';
import type { sandboxMailListEnvelopeSchema } from '@risala/shared/schemas/system';
import { IconInbox } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { api } from '../../lib/api-client.ts';
import { useSandboxStatus } from './get-sandbox-status.ts';

/** The newest sign-up code the sandbox caught for `email`; null when none (or the caller may not read it). */
async function fetchSandboxCode(email: string): Promise<string | null> {
  try {
    const { data } = await api.get<DataOf<typeof sandboxMailListEnvelopeSchema>>('/api/sandbox/mails', {
      query: { to: email, limit: 5 },
      silent: true,
    });
    const newest = [...data.items].sort((a, b) => Date.parse(b.created_at) - Date.parse(a.created_at));
    return newest.find((m) => m.otp_code)?.otp_code ?? null;
  } catch {
    return null;
  }
}

/**
 * On the sign-up code page of a server without a mail relay: the code the sandbox caught, so a new
 * user can go on (from another computer too — the registration set a ticket for this address).
 */
export function SandboxCode({ email, onUse }: { email: string; onUse: (code: string) => void }) {
  const { t } = useTranslation();
  const status = useSandboxStatus();
  const enabled = status.data?.enabled === true && email.includes('@');
  const { data: code } = useQuery({
    queryKey: ['sandbox', 'code', email],
    queryFn: () => fetchSandboxCode(email),
    enabled,
    refetchInterval: 3_000,
    staleTime: 0,
  });
  if (!enabled || !code) return null;
  return (
    <Alert color="gray" variant="light" icon={<IconInbox size={18} />} data-testid="sandbox-code">
      <Group justify="space-between" gap="xs">
        <Text size="sm">
          {t('sandbox.codeHere')}{' '}
          <Text span fw={700} dir="ltr">
            <bdi>{code}</bdi>
          </Text>
        </Text>
        <Button size="xs" variant="light" onClick={() => onUse(code)} data-testid="sandbox-code-use">
          {t('sandbox.useCode')}
        </Button>
      </Group>
    </Alert>
  );
}
