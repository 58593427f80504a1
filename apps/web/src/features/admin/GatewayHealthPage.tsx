import { Alert, Badge, ScrollArea, Stack, Table, Text, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { useGatewayHealth } from './api.ts';

/** /admin/gateway: every account's SMS connections; a started one that is not connected needs attention. */
export function GatewayHealthPage() {
  const { t } = useTranslation();
  const q = useGatewayHealth();
  return (
    <Stack data-testid="admin-gateway">
      <Title order={2} size="h4">
        {t('admin.gateway.title')}
      </Title>
      {q.error && <Alert color="red">{q.error.message}</Alert>}
      {q.data?.connections.length === 0 && <Text c="dimmed">{t('admin.gateway.empty')}</Text>}
      {q.data && q.data.connections.length > 0 && (
        <ScrollArea type="auto">
          <Table striped miw={760}>
            <Table.Thead>
              <Table.Tr>
                <Table.Th>{t('admin.gateway.connection')}</Table.Th>
                <Table.Th>{t('admin.gateway.account')}</Table.Th>
                <Table.Th>{t('admin.gateway.type')}</Table.Th>
                <Table.Th>{t('admin.gateway.state')}</Table.Th>
                <Table.Th>{t('admin.gateway.wanted')}</Table.Th>
                <Table.Th>{t('admin.gateway.lastError')}</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {q.data.connections.map((c) => (
                <Table.Tr key={c.id}>
                  <Table.Td>
                    <bdi>{c.connection_name}</bdi>{' '}
                    {c.is_sandbox && (
                      <Badge variant="outline" size="xs">
                        {t('admin.gateway.sandbox')}
                      </Badge>
                    )}
                  </Table.Td>
                  <Table.Td>{c.account_name}</Table.Td>
                  <Table.Td>{c.type.toUpperCase()}</Table.Td>
                  <Table.Td>
                    <Badge color={c.healthy ? 'green' : 'red'} variant="light">
                      {c.healthy ? t('admin.gateway.healthy') : t('admin.gateway.unhealthy')}
                    </Badge>{' '}
                    <Text span size="xs" c="dimmed" dir="ltr">
                      {c.status}
                    </Text>
                  </Table.Td>
                  <Table.Td>
                    {c.desired_state === 'started' || c.desired_state === 'stopped'
                      ? t(`admin.gateway.desired.${c.desired_state}`)
                      : c.desired_state}
                  </Table.Td>
                  <Table.Td>
                    <Text size="xs" lineClamp={2} dir="auto">
                      {c.last_error ?? '—'}
                    </Text>
                  </Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </ScrollArea>
      )}
    </Stack>
  );
}
