import { ActionIcon, Alert, Button, Group, Modal, Stack, Tabs, Text, Tooltip } from '@mantine/core';
import { IconPencil, IconTrash } from '@tabler/icons-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocation, useNavigate } from 'react-router';
import { isApiError } from '../../lib/http.ts';

const TABS = ['connections', 'routers', 'rules', 'plugins'] as const;

/**
 * The SMS gateway's one tab bar (connections, routers, rules, plugins), on each of its pages: a
 * settings area for those who run the gateway, reached from the account menu, so every page of it
 * leads to the others.
 */
export function RoutingNav() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const { pathname } = useLocation();
  const current = TABS.find((tab) => pathname.includes(`/gateway/${tab}`)) ?? 'connections';
  return (
    <Stack gap={4}>
      <Text size="sm" c="dimmed" fw={500} data-testid="gateway-area">
        {t('nav.gateway')}
      </Text>
      <Tabs value={current} onChange={(v) => v && navigate(`/gateway/${v}`)}>
        <Tabs.List style={{ flexWrap: 'nowrap', overflowX: 'auto', overflowY: 'hidden' }}>
          {TABS.map((tab) => (
            <Tabs.Tab key={tab} value={tab} data-testid={`routing-tab-${tab}`} style={{ flexShrink: 0 }}>
              {t(`gateway.routers.tabs.${tab}`)}
            </Tabs.Tab>
          ))}
        </Tabs.List>
      </Tabs>
    </Stack>
  );
}

/** Asks before deleting; a refusal of §8 (e.g. DELETE_ACTIVE_RULE) is shown inside the dialog. */
export function ConfirmDelete({ name, onConfirm, onClose }: { name: string; onConfirm: () => Promise<void>; onClose: () => void }) {
  const { t } = useTranslation();
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  async function confirm() {
    setBusy(true);
    setError(null);
    try {
      await onConfirm();
      onClose();
    } catch (err) {
      setError(isApiError(err) ? err.message : String(err));
    } finally {
      setBusy(false);
    }
  }
  return (
    <Modal opened onClose={onClose} title={t('gateway.routers.deleteTitle')} centered>
      <Stack gap="sm">
        <Text>{t('gateway.routers.deleteConfirm', { name })}</Text>
        {error && (
          <Alert color="red" role="alert" data-testid="delete-error">
            {error}
          </Alert>
        )}
        <Group justify="flex-end">
          <Button variant="default" onClick={onClose}>
            {t('gateway.routers.actions.cancel')}
          </Button>
          <Button color="red" loading={busy} onClick={() => void confirm()} data-testid="confirm-delete">
            {t('gateway.routers.actions.delete')}
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}

/** The edit and delete buttons at the end of a routing table row. */
export function RowActions({ testId, onEdit, onDelete }: { testId: string; onEdit: () => void; onDelete: () => void }) {
  const { t } = useTranslation();
  return (
    <Group gap={4} justify="flex-end" wrap="nowrap">
      <Tooltip label={t('gateway.routers.actions.edit')}>
        <ActionIcon variant="subtle" aria-label={t('gateway.routers.actions.edit')} onClick={onEdit} data-testid={`${testId}-edit`}>
          <IconPencil size={16} />
        </ActionIcon>
      </Tooltip>
      <Tooltip label={t('gateway.routers.actions.delete')}>
        <ActionIcon
          variant="subtle"
          color="red"
          aria-label={t('gateway.routers.actions.delete')}
          onClick={onDelete}
          data-testid={`${testId}-delete`}
        >
          <IconTrash size={16} />
        </ActionIcon>
      </Tooltip>
    </Group>
  );
}
