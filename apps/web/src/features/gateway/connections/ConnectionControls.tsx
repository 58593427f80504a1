import { Alert, Badge, Button, Group, Modal, Stack, Text } from '@mantine/core';
import type { Connection, ConnectionState } from '@risala/shared/schemas/gateway-connections';
import { useState, useSyncExternalStore } from 'react';
import { useTranslation } from 'react-i18next';
import { isApiError } from '../../../lib/http.ts';
import { isolate } from '../../../lib/i18n.ts';
import { showSuccessToast } from '../../../lib/toast.ts';
import { type ConnectionAction, useConnectionMutations } from './api/change-connection.ts';

const STATE_COLORS: Record<ConnectionState, string> = {
  CREATED: 'gray',
  CONNECTING: 'yellow',
  CONNECTED: 'green',
  DISCONNECTED: 'red',
  STOPPED: 'dark',
};

/** The whole state text (min-width max-content): a squeezed table column would cut a badge to "CON…". */
export function StateBadge({ state }: { state: ConnectionState }) {
  const { t } = useTranslation();
  return (
    <Badge color={STATE_COLORS[state]} variant="light" miw="max-content" data-testid="connection-state" data-state={state}>
      {t(`gateway.connections.states.${state}`)}
    </Badge>
  );
}

const TOASTS: Record<ConnectionAction, string> = {
  start: 'gateway.connections.started',
  stop: 'gateway.connections.stopped',
  restart: 'gateway.connections.restarted',
};

/**
 * The last failed action's message per connection, outside the component: the table row and the
 * phone card are different elements, and the message must survive the switch between them (a
 * window resized, a phone turned) until the user closes it or acts again.
 */
const actionErrors = new Map<number, string>();
const listeners = new Set<() => void>();
function setActionError(id: number, message: string | null) {
  if (message) actionErrors.set(id, message);
  else actionErrors.delete(id);
  for (const listener of listeners) listener();
}
function subscribe(listener: () => void) {
  listeners.add(listener);
  return () => listeners.delete(listener);
}
const useActionError = (id: number) => useSyncExternalStore(subscribe, () => actionErrors.get(id) ?? null);

/** Start / stop / restart; a failed start (CONNECTION_START_TIMEOUT with its reason) shows in an alert under the buttons. */
export function ConnectionActions({ connection, compact = false }: { connection: Connection; compact?: boolean }) {
  const { t } = useTranslation();
  const { action } = useConnectionMutations();
  const error = useActionError(connection.id);
  const setError = (message: string | null) => setActionError(connection.id, message);
  const [running, setRunning] = useState<ConnectionAction | null>(null);
  const live = connection.status === 'CONNECTED' || connection.status === 'CONNECTING' || connection.desired_state === 'started';

  async function run(kind: ConnectionAction) {
    setError(null);
    setRunning(kind);
    try {
      await action.mutateAsync({ id: connection.id, action: kind });
      showSuccessToast(TOASTS[kind]);
    } catch (err) {
      setError(isApiError(err) ? err.message : String(err));
    } finally {
      setRunning(null);
    }
  }

  const size = compact ? 'xs' : 'sm';
  return (
    <Stack gap={4}>
      <Group gap={6} wrap="nowrap">
        <Button
          size={size}
          variant="light"
          color="green"
          disabled={live || running !== null}
          loading={running === 'start'}
          onClick={() => void run('start')}
          data-testid="connection-start"
        >
          {t('gateway.connections.actions.start')}
        </Button>
        <Button
          size={size}
          variant="light"
          color="gray"
          disabled={!live || running !== null}
          loading={running === 'stop'}
          onClick={() => void run('stop')}
          data-testid="connection-stop"
        >
          {t('gateway.connections.actions.stop')}
        </Button>
        <Button
          size={size}
          variant="subtle"
          disabled={running !== null}
          loading={running === 'restart'}
          onClick={() => void run('restart')}
          data-testid="connection-restart"
        >
          {t('gateway.connections.actions.restart')}
        </Button>
      </Group>
      {error && (
        <Alert
          color="red"
          variant="light"
          p="xs"
          role="alert"
          withCloseButton
          onClose={() => setError(null)}
          data-testid="connection-action-error"
        >
          <Text size="sm">{error}</Text>
        </Alert>
      )}
    </Stack>
  );
}

/** Asks before deleting; a §8 refusal (connected, used in a router) is shown inside the dialog. */
export function ConfirmDeleteConnection({
  connection,
  onClose,
  onDeleted,
}: {
  connection: Connection;
  onClose: () => void;
  onDeleted?: () => void;
}) {
  const { t } = useTranslation();
  const { remove } = useConnectionMutations();
  const [error, setError] = useState<string | null>(null);
  async function confirm() {
    setError(null);
    try {
      await remove.mutateAsync(connection.id);
      showSuccessToast('gateway.connections.deleted');
      onClose();
      onDeleted?.();
    } catch (err) {
      setError(isApiError(err) ? err.message : String(err));
    }
  }
  return (
    <Modal opened onClose={onClose} title={t('gateway.connections.actions.delete')} centered>
      <Stack gap="sm">
        <Text>{t('gateway.connections.confirmDelete', { name: isolate(connection.connection_name) })}</Text>
        {error && (
          <Alert color="red" role="alert" data-testid="delete-error">
            {error}
          </Alert>
        )}
        <Group justify="flex-end">
          <Button variant="default" onClick={onClose}>
            {t('gateway.connections.actions.cancel')}
          </Button>
          <Button color="red" loading={remove.isPending} onClick={() => void confirm()} data-testid="connection-confirm-delete">
            {t('gateway.connections.actions.delete')}
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}
