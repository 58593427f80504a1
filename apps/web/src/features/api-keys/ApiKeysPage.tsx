import { Badge, Button, Card, Code, Group, Paper, SimpleGrid, Stack, Table, Text, Title, VisuallyHidden } from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import { can } from '@risala/shared/permissions';
import type { ApiKey, ApiKeySecret } from '@risala/shared/schemas/api-keys';
import { IconKey, IconPlus, IconRefresh, IconTrash } from '@tabler/icons-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { EmptyState } from '../../components/empty-state/EmptyState.tsx';
import { QueryState } from '../../components/page/QueryState.tsx';
import { Moment } from '../../components/time/Moment.tsx';
import { useSession } from '../../lib/session.ts';
import { useApiKeys } from './api.ts';
import { CreateApiKeyModal, RevokeApiKeyModal, RotateApiKeyModal, SecretModal } from './ApiKeyDialogs.tsx';

const STATUS_COLOR: Record<ApiKey['status'], string> = { ACTIVE: 'green', EXPIRED: 'gray', REVOKED: 'red' };

/** /api-keys: the account's keys for the public API; create (the password once), rotate, revoke. */
export function ApiKeysPage() {
  const { t } = useTranslation();
  const { permissions } = useSession();
  const phone = useMediaQuery('(max-width: 48em)');
  const list = useApiKeys();
  const [creating, setCreating] = useState(false);
  const [secret, setSecret] = useState<ApiKeySecret | null>(null);
  const [rotating, setRotating] = useState<ApiKey | null>(null);
  const [revoking, setRevoking] = useState<ApiKey | null>(null);
  const canCreate = can(permissions, 'api_keys', 'create');
  const canRotate = can(permissions, 'api_keys', 'update');
  const canRevoke = can(permissions, 'api_keys', 'delete');

  const status = (k: ApiKey) => (
    <Badge size="sm" variant="light" color={STATUS_COLOR[k.status]} data-testid="api-key-status">
      {t(`apiKeys.status.${k.status}`)}
    </Badge>
  );
  const scopes = (k: ApiKey) => (
    <Group gap={4} wrap="wrap">
      {k.scopes.map((s) => (
        <Badge key={s} size="xs" variant="outline" color="gray" tt="none">
          {t(`apiKeys.scopes.${s.replace(':', '_')}`)}
        </Badge>
      ))}
    </Group>
  );
  const notes = (k: ApiKey) => (
    <>
      <Text size="xs" c="dimmed">
        {k.ip_allow_list.length ? t('apiKeys.allowedFrom', { list: k.ip_allow_list.join(', ') }) : t('apiKeys.anyAddress')}
      </Text>
      {k.previous_expires_at && k.status === 'ACTIVE' && (
        <Text size="xs" c="orange.9">
          {t('apiKeys.graceUntil', { at: new Date(k.previous_expires_at).toLocaleString() })}
        </Text>
      )}
    </>
  );
  const actions = (k: ApiKey) =>
    k.status === 'ACTIVE' && (
      <Group gap={6} wrap="nowrap" role="group" aria-label={t('apiKeys.actions.label', { name: k.name })}>
        {canRotate && (
          <Button
            size="xs"
            variant="light"
            leftSection={<IconRefresh size={14} />}
            onClick={() => setRotating(k)}
            data-testid="api-key-rotate-open"
          >
            {t('apiKeys.actions.rotate')}
          </Button>
        )}
        {canRevoke && (
          <Button
            size="xs"
            variant="light"
            color="red"
            leftSection={<IconTrash size={14} />}
            onClick={() => setRevoking(k)}
            data-testid="api-key-revoke-open"
          >
            {t('apiKeys.actions.revoke')}
          </Button>
        )}
      </Group>
    );
  const clientId = (k: ApiKey) => (
    <Code dir="ltr" style={{ wordBreak: 'break-all' }}>
      {k.client_id}
    </Code>
  );

  return (
    <Stack gap="lg" data-testid="api-keys-page">
      <Group justify="space-between" align="flex-end">
        <div style={{ minWidth: 0, flex: '1 1 18rem' }}>
          <Title order={1} size="h2">
            {t('apiKeys.title')}
          </Title>
          <Text c="dimmed" maw={720}>
            {t('apiKeys.subtitle')}
          </Text>
        </div>
        {canCreate && (
          <Button leftSection={<IconPlus size={16} />} onClick={() => setCreating(true)} data-testid="api-key-new">
            {t('apiKeys.new')}
          </Button>
        )}
      </Group>
      <QueryState
        query={list}
        empty={(d) => d.keys.length === 0}
        emptyText={t('apiKeys.empty')}
        emptyState={
          canCreate ? (
            <EmptyState
              icon={IconKey}
              title={t('apiKeys.emptyTitle')}
              text={t('apiKeys.empty')}
              action={
                <Button leftSection={<IconPlus size={16} />} onClick={() => setCreating(true)}>
                  {t('apiKeys.new')}
                </Button>
              }
            />
          ) : undefined
        }
      >
        {(d) =>
          phone ? (
            <Stack gap="xs" data-testid="api-keys-table">
              {d.keys.map((k) => (
                <Card key={k.id} withBorder radius="md" padding="sm" data-testid="api-key-row">
                  <Group justify="space-between" wrap="nowrap" align="flex-start">
                    <Text fw={600} style={{ minWidth: 0, overflowWrap: 'anywhere' }}>
                      {k.name}
                    </Text>
                    {status(k)}
                  </Group>
                  <Text size="xs" c="dimmed" mt={4}>
                    {t(`apiKeys.types.${k.integration_type}`)}
                  </Text>
                  {clientId(k)}
                  <div style={{ marginTop: 6 }}>{scopes(k)}</div>
                  <SimpleGrid cols={2} mt="xs" spacing="xs">
                    <div>
                      <Text size="xs" c="dimmed">
                        {t('apiKeys.columns.lastUsed')}
                      </Text>
                      <Text size="sm">
                        <Moment at={k.last_used_at} fallback={t('apiKeys.never')} />
                      </Text>
                    </div>
                    <div>
                      <Text size="xs" c="dimmed">
                        {t('apiKeys.columns.expires')}
                      </Text>
                      <Text size="sm">
                        <Moment at={k.expires_at} style="day" fallback={t('apiKeys.noExpiry')} />
                      </Text>
                    </div>
                  </SimpleGrid>
                  {notes(k)}
                  <Group mt="xs">{actions(k)}</Group>
                </Card>
              ))}
            </Stack>
          ) : (
            <Paper withBorder radius="md" p="xs">
              <Table.ScrollContainer minWidth={960}>
                <Table verticalSpacing="sm" data-testid="api-keys-table">
                  <Table.Thead>
                    <Table.Tr>
                      <Table.Th>{t('apiKeys.columns.name')}</Table.Th>
                      <Table.Th>{t('apiKeys.columns.clientId')}</Table.Th>
                      <Table.Th>{t('apiKeys.columns.scopes')}</Table.Th>
                      <Table.Th>{t('apiKeys.columns.lastUsed')}</Table.Th>
                      <Table.Th>{t('apiKeys.columns.expires')}</Table.Th>
                      <Table.Th>{t('apiKeys.columns.status')}</Table.Th>
                      <Table.Th>
                        <VisuallyHidden>{t('apiKeys.columns.actions')}</VisuallyHidden>
                      </Table.Th>
                    </Table.Tr>
                  </Table.Thead>
                  <Table.Tbody>
                    {d.keys.map((k) => (
                      <Table.Tr key={k.id} data-testid="api-key-row">
                        <Table.Td>
                          <Text fw={600} size="sm">
                            {k.name}
                          </Text>
                          <Text size="xs" c="dimmed">
                            {t(`apiKeys.types.${k.integration_type}`)}
                          </Text>
                          {notes(k)}
                        </Table.Td>
                        <Table.Td>{clientId(k)}</Table.Td>
                        <Table.Td maw={260}>{scopes(k)}</Table.Td>
                        <Table.Td>
                          <Moment at={k.last_used_at} fallback={t('apiKeys.never')} />
                        </Table.Td>
                        <Table.Td>
                          <Moment at={k.expires_at} style="day" fallback={t('apiKeys.noExpiry')} />
                        </Table.Td>
                        <Table.Td>{status(k)}</Table.Td>
                        <Table.Td>{actions(k)}</Table.Td>
                      </Table.Tr>
                    ))}
                  </Table.Tbody>
                </Table>
              </Table.ScrollContainer>
            </Paper>
          )
        }
      </QueryState>
      {creating && (
        <CreateApiKeyModal
          onClose={() => setCreating(false)}
          onCreated={(s) => {
            setCreating(false);
            setSecret(s);
          }}
        />
      )}
      {rotating && (
        <RotateApiKeyModal
          apiKey={rotating}
          onClose={() => setRotating(null)}
          onRotated={(s) => {
            setRotating(null);
            setSecret(s);
          }}
        />
      )}
      {revoking && <RevokeApiKeyModal apiKey={revoking} onClose={() => setRevoking(null)} />}
      {secret && <SecretModal secret={secret} onClose={() => setSecret(null)} />}
    </Stack>
  );
}
