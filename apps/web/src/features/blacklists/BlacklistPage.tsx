import { Badge, Button, Group, Modal, Paper, Stack, Text, Title } from '@mantine/core';
import { can } from '@risala/shared/permissions';
import type { Blacklist } from '@risala/shared/schemas/blacklists';
import { IconPencil, IconTrash } from '@tabler/icons-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate, useParams } from 'react-router';
import { LoadError } from '../../components/page/LoadError.tsx';
import { isNotFound, NotFoundNote, routeId } from '../../components/page/NotFoundNote.tsx';
import { PageLoader } from '../../components/page/PageLoader.tsx';
import { isApiError } from '../../lib/http.ts';
import { useSession } from '../../lib/session.ts';
import { showSuccessToast } from '../../lib/toast.ts';
import { useChangeBlacklist } from './api/change-blacklist.ts';
import { useBlacklist } from './api/get-blacklists.ts';
import { BlacklistFormModal } from './components/BlacklistFormModal.tsx';
import { EntriesPanel } from './components/EntriesPanel.tsx';
import { BackLink } from '../../components/page/BackLink.tsx';

/** Activate/deactivate, edit, and delete with a confirmation that shows DELETE_ACTIVE_BLACKLIST. */
function BlacklistActions({ blacklist }: { blacklist: Blacklist }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const { permissions } = useSession();
  const { status, remove } = useChangeBlacklist();
  const [editing, setEditing] = useState(false);
  const [confirming, setConfirming] = useState(false);
  const [deleteError, setDeleteError] = useState<string>();
  const active = blacklist.status === 'ACTIVE';

  async function confirmDelete() {
    setDeleteError(undefined);
    try {
      await remove.mutateAsync(blacklist.id);
      showSuccessToast('blacklists.deleted');
      navigate('/customer/blacklists');
    } catch (err) {
      setDeleteError(isApiError(err) ? err.message : String(err));
    }
  }

  return (
    <Group gap="sm">
      <Badge color={active ? 'green' : 'gray'} variant="light" data-testid="blacklist-status">
        {t(`blacklists.status.${blacklist.status}`)}
      </Badge>
      <Badge variant="outline">{t(`blacklists.types.${blacklist.blacklist_type}`)}</Badge>
      {can(permissions, 'customer', 'update') && (
        <>
          <Button
            size="xs"
            variant="light"
            color={active ? 'gray' : 'green'}
            loading={status.isPending}
            data-testid="blacklist-toggle"
            onClick={() =>
              status.mutate(
                { id: blacklist.id, active: !active },
                { onSuccess: () => showSuccessToast(active ? 'blacklists.deactivated' : 'blacklists.activated') },
              )
            }
          >
            {active ? t('blacklists.actions.deactivate') : t('blacklists.actions.activate')}
          </Button>
          <Button
            size="xs"
            variant="default"
            leftSection={<IconPencil size={14} />}
            onClick={() => setEditing(true)}
            data-testid="blacklist-edit"
          >
            {t('blacklists.actions.edit')}
          </Button>
        </>
      )}
      {can(permissions, 'customer', 'delete') && (
        <Button
          size="xs"
          variant="light"
          color="red"
          leftSection={<IconTrash size={14} />}
          onClick={() => {
            setDeleteError(undefined);
            setConfirming(true);
          }}
          data-testid="blacklist-delete"
        >
          {t('blacklists.actions.delete')}
        </Button>
      )}
      {editing && <BlacklistFormModal blacklist={blacklist} onClose={() => setEditing(false)} />}
      <Modal opened={confirming} onClose={() => setConfirming(false)} title={t('blacklists.delete.title')} centered>
        <Stack>
          <Text>{t('blacklists.delete.body', { name: blacklist.blacklist_name })}</Text>
          {deleteError && (
            <Text c="red" size="sm" role="alert" data-testid="blacklist-delete-error">
              {deleteError}
            </Text>
          )}
          <Group justify="flex-end">
            <Button variant="default" onClick={() => setConfirming(false)}>
              {t('blacklists.actions.cancel')}
            </Button>
            <Button color="red" loading={remove.isPending} onClick={() => void confirmDelete()} data-testid="blacklist-delete-confirm">
              {t('blacklists.actions.delete')}
            </Button>
          </Group>
        </Stack>
      </Modal>
    </Group>
  );
}

/** /customer/blacklists/:id: a blacklist with its entries. */
export function BlacklistPage() {
  const { t } = useTranslation();
  const { id = '' } = useParams();
  const blacklistId = routeId(id);
  const blacklist = useBlacklist(blacklistId ?? -1);
  const { permissions } = useSession();

  const back = <BackLink to="/customer/blacklists" label={t('blacklists.back')} testId="blacklists-back" />;
  if (blacklistId === null || isNotFound(blacklist.error)) return <NotFoundNote back={back} text={t('blacklists.notFound')} />;
  if (blacklist.isPending) return <PageLoader />;
  if (blacklist.isError)
    return (
      <Stack>
        {back}
        <LoadError error={blacklist.error} onRetry={() => void blacklist.refetch()} />
      </Stack>
    );
  const b = blacklist.data;

  return (
    <Stack gap="lg" maw={1000} data-testid="blacklist-page">
      {back}
      <Group justify="space-between" align="flex-start">
        <div>
          <Title order={1} size="h2" data-testid="blacklist-title">
            {b.blacklist_name}
          </Title>
          {b.description && <Text c="dimmed">{b.description}</Text>}
        </div>
        <BlacklistActions blacklist={b} />
      </Group>
      <Paper withBorder p="lg" radius="md">
        <Title order={2} size="h4" mb="md">
          {t('blacklists.entries.title')}
        </Title>
        <EntriesPanel blacklistId={b.id} canEdit={can(permissions, 'customer', 'update')} />
      </Paper>
    </Stack>
  );
}
