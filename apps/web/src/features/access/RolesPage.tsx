import { Badge, Button, Card, Group, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { can } from '@risala/shared/permissions';
import type { Role } from '@risala/shared/schemas/roles';
import { IconPlus, IconShieldLock } from '@tabler/icons-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ConfirmModal } from '../../components/page/ConfirmModal.tsx';
import { QueryState } from '../../components/page/QueryState.tsx';
import { formatList } from '../../lib/i18n.ts';
import { useSession } from '../../lib/session.ts';
import { useSingleFlight } from '../../lib/single-flight.ts';
import { showErrorToast, showSuccessToast } from '../../lib/toast.ts';
import { useDeleteRole, useRoles } from './api/roles.ts';
import { RoleEditor } from './components/RoleEditor.tsx';
import { roleDescription, roleLabel } from './components/role-label.ts';

/** /roles: the built-in roles (read-only) and the account's custom roles; create, edit, delete. */
export function RolesPage() {
  const { t } = useTranslation();
  const { permissions } = useSession();
  const roles = useRoles();
  const remove = useDeleteRole();
  const once = useSingleFlight();
  const [editing, setEditing] = useState<Role | 'new' | null>(null);
  const [deleting, setDeleting] = useState<Role | null>(null);
  const canCreate = can(permissions, 'role_management', 'create');
  const canUpdate = can(permissions, 'role_management', 'update');
  const canDelete = can(permissions, 'role_management', 'delete');

  const confirmDelete = () =>
    once(async () => {
      if (!deleting) return;
      try {
        await remove.mutateAsync(deleting.id);
        showSuccessToast('roles.deleteModal.deleted');
      } catch (err) {
        showErrorToast(err);
      }
      setDeleting(null);
    });

  return (
    <Stack gap="md">
      <Group justify="space-between" align="flex-start">
        <div style={{ flex: '1 1 20rem' }}>
          <Title order={1} size="h2">
            {t('roles.title')}
          </Title>
          <Text c="dimmed" size="sm" maw={720}>
            {t('roles.intro')}
          </Text>
        </div>
        {canCreate && (
          <Button leftSection={<IconPlus size={16} />} onClick={() => setEditing('new')} data-testid="role-new">
            {t('roles.new')}
          </Button>
        )}
      </Group>
      <QueryState query={roles} empty={(data) => data.length === 0} emptyText={t('roles.noAreas')}>
        {(data) => (
          <SimpleGrid cols={{ base: 1, sm: 2, lg: 3 }} data-testid="role-list">
            {data.map((role) => (
              <RoleCard
                key={role.id}
                role={role}
                onOpen={() => setEditing(role)}
                onDelete={canDelete && !role.is_builtin ? () => setDeleting(role) : undefined}
                editable={canUpdate && !role.is_builtin}
              />
            ))}
          </SimpleGrid>
        )}
      </QueryState>
      {editing && (
        <RoleEditor
          key={editing === 'new' ? 'new' : editing.id}
          role={editing === 'new' ? null : editing}
          mine={permissions}
          opened
          onClose={() => setEditing(null)}
        />
      )}
      <ConfirmModal
        opened={deleting !== null}
        title={t('roles.deleteModal.title')}
        cancelLabel={t('roles.deleteModal.keep')}
        confirmLabel={t('roles.deleteModal.delete')}
        onCancel={() => setDeleting(null)}
        onConfirm={() => void confirmDelete()}
        loading={remove.isPending}
        testId="role-delete"
      >
        <Text>{t('roles.deleteModal.confirm', { name: deleting?.role_name ?? '' })}</Text>
      </ConfirmModal>
    </Stack>
  );
}

function RoleCard({ role, onOpen, onDelete, editable }: { role: Role; onOpen: () => void; onDelete?: () => void; editable: boolean }) {
  const { t } = useTranslation();
  const name = roleLabel(t, role);
  const areas = role.permissions.sms_portal;
  return (
    <Card withBorder radius="md" padding="md" data-testid="role-card" data-role={role.key ?? role.role_name}>
      <Stack gap={6} h="100%">
        <Group justify="space-between" wrap="nowrap" align="flex-start">
          <Text fw={600} component="h2" size="md" m={0} style={{ overflowWrap: 'anywhere' }}>
            {name}
          </Text>
          <Badge
            variant="light"
            color={role.is_builtin ? 'gray' : 'teal'}
            leftSection={role.is_builtin ? <IconShieldLock size={12} aria-hidden /> : undefined}
          >
            {t(role.is_builtin ? 'roles.builtin' : 'roles.custom')}
          </Badge>
        </Group>
        {roleDescription(t, role) && (
          <Text size="sm" c="dimmed" lineClamp={3}>
            {roleDescription(t, role)}
          </Text>
        )}
        <Text size="sm" data-testid="role-areas">
          {areas.length === 0
            ? t('roles.noAreas')
            : formatList(areas.map((e) => t(`roles.entities.${e.entity}`, { defaultValue: e.entity })))}
        </Text>
        <Group gap="md" mt="auto">
          <Text size="xs" c="dimmed" data-testid="role-users">
            {t('roles.users', { count: role.user_count })}
          </Text>
          {role.invitation_count > 0 && (
            <Text size="xs" c="dimmed">
              {t('roles.invitations', { count: role.invitation_count })}
            </Text>
          )}
        </Group>
        <Group gap="xs">
          <Button
            size="xs"
            variant="light"
            onClick={onOpen}
            aria-label={`${t(editable ? 'roles.edit' : 'roles.view')}: ${name}`}
            data-testid="role-open"
          >
            {t(editable ? 'roles.edit' : 'roles.view')}
          </Button>
          {onDelete && (
            <Button
              size="xs"
              variant="subtle"
              color="red"
              onClick={onDelete}
              aria-label={`${t('roles.delete')}: ${name}`}
              data-testid="role-delete-open"
            >
              {t('roles.delete')}
            </Button>
          )}
        </Group>
      </Stack>
    </Card>
  );
}
