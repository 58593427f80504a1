import { Anchor, Button, Group, Paper, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { can } from '@risala/shared/permissions';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate, useParams } from 'react-router';
import { LoadError } from '../../../components/page/LoadError.tsx';
import { isNotFound, NotFoundNote, routeId } from '../../../components/page/NotFoundNote.tsx';
import { PageLoader } from '../../../components/page/PageLoader.tsx';
import { useSession } from '../../../lib/session.ts';
import { useConnection, useConnectionStatus } from './api/get-connections.ts';
import { ConfirmDeleteConnection, ConnectionActions, StateBadge } from './ConnectionControls.tsx';
import { ConnectionForm } from './ConnectionForm.tsx';

/** /gateway/connections/:id — live status (polled), start/stop/restart, the edit form and delete. */
export function ConnectionPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const id = routeId(useParams().id);
  const { permissions } = useSession();
  const connection = useConnection(id ?? 0); // disabled for an address that names no connection
  const missing = id === null || isNotFound(connection.error);
  // the live state is polled only for a connection that exists (a 404 stops it: see useConnectionStatus)
  const status = useConnectionStatus(missing || !connection.data ? 0 : (id ?? 0));
  const [deleting, setDeleting] = useState(false);
  const back = (
    <Anchor component={Link} to="/gateway/connections" size="sm">
      {t('gateway.connections.title')}
    </Anchor>
  );

  if (missing) return <NotFoundNote back={back} text={t('gateway.connections.notFound')} />;
  if (connection.isPending) return <PageLoader />;
  if (connection.isError) return <LoadError error={connection.error} onRetry={() => void connection.refetch()} />;
  const c = {
    ...connection.data,
    ...(status.data ? { status: status.data.status, desired_state: status.data.desired_state, last_error: status.data.last_error } : {}),
  };
  const canEdit = can(permissions, 'sender', 'update');

  return (
    <Stack gap="lg" data-testid="connection-page">
      {back}
      <Group justify="space-between" align="flex-start">
        <Group gap="sm">
          <Title order={1} size="h2">
            {c.connection_name}
          </Title>
          <StateBadge state={c.status} />
        </Group>
        {can(permissions, 'sender', 'delete') && (
          <Button color="red" variant="light" onClick={() => setDeleting(true)} data-testid="connection-delete">
            {t('gateway.connections.actions.delete')}
          </Button>
        )}
      </Group>
      <Paper withBorder radius="md" p="md">
        <SimpleGrid cols={{ base: 1, sm: 2 }}>
          <Stack gap={4}>{canEdit && <ConnectionActions connection={c} />}</Stack>
          <Stack gap={2}>
            {c.last_error && (
              <Text size="sm" c="red" data-testid="connection-last-error">
                {t('gateway.connections.lastError')}: {c.last_error}
              </Text>
            )}
          </Stack>
        </SimpleGrid>
      </Paper>
      {canEdit && (
        <Paper withBorder radius="md" p="md">
          <Title order={2} size="h4" mb="sm">
            {t('gateway.connections.edit')}
          </Title>
          <ConnectionForm key={connection.dataUpdatedAt} connection={connection.data} onDone={() => void connection.refetch()} />
        </Paper>
      )}
      {deleting && (
        <ConfirmDeleteConnection connection={c} onClose={() => setDeleting(false)} onDeleted={() => navigate('/gateway/connections')} />
      )}
    </Stack>
  );
}
