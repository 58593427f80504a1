import { Button, Group, Modal, Select, Stack, Text } from '@mantine/core';
import type { TeamMember } from '@risala/shared/schemas/team';
import { useState } from 'react';
import { Trans, useTranslation } from 'react-i18next';
import { ApiErrorAlert } from '../../../components/page/ApiErrorAlert.tsx';
import { ConfirmModal } from '../../../components/page/ConfirmModal.tsx';
import { UserText } from '../../../components/text/UserText.tsx';
import { isApiError } from '../../../lib/http.ts';
import { showSuccessToast } from '../../../lib/toast.ts';
import { type MemberAction, type TeamPage, useChangeRole, useMemberAction } from '../api/team.ts';
import { PlanLimitNote, seatsOf } from './PlanLimitNote.tsx';
import { useRoleLabel } from './RoleName.tsx';

/** Who a dialog is about: their name (isolated, it may be Arabic in an English page) or address. */
function Who({ member }: { member: TeamMember }) {
  return <UserText>{member.full_name || member.email}</UserText>;
}

function ErrorOf({ error }: { error: unknown }) {
  const { t } = useTranslation();
  if (!error) return null;
  if (isApiError(error) && error.code === 'PLAN_LIMIT_EXCEEDED') return <PlanLimitNote {...seatsOf(error.data)} />;
  return <ApiErrorAlert error={error} fallback={t('common.loadFailed')} testId="team-action-error" />;
}

/** Deactivate, reactivate, approve, resend or revoke: what will happen, then the action (errors stay in the dialog). */
export function ConfirmActionModal({ action, member, onClose }: { action: MemberAction; member: TeamMember; onClose: () => void }) {
  const { t } = useTranslation();
  const run = useMemberAction();
  const danger = action === 'deactivate' || action === 'revoke';
  async function confirm() {
    try {
      await run.mutateAsync({ action, id: member.id });
      showSuccessToast(`team.confirm.${action}.done`, { name: member.full_name || member.email });
      onClose();
    } catch {
      // shown in the dialog
    }
  }
  return (
    <ConfirmModal
      opened
      title={t(`team.confirm.${action}.title`)}
      cancelLabel={t('team.cancel')}
      confirmLabel={t(`team.confirm.${action}.confirm`)}
      color={danger ? 'red' : undefined}
      loading={run.isPending}
      onCancel={onClose}
      onConfirm={() => void confirm()}
      testId="team-confirm"
    >
      <Text size="sm">
        <Trans i18nKey={`team.confirm.${action}.body`} components={{ who: <Who member={member} /> }} />
      </Text>
      <ErrorOf error={run.error} />
    </ConfirmModal>
  );
}

/** Pick another role of the account for a user (an owner only by an owner). */
export function ChangeRoleModal({
  member,
  roles,
  myRole,
  onClose,
}: {
  member: TeamMember;
  roles: TeamPage['roles'];
  myRole: string | null;
  onClose: () => void;
}) {
  const { t } = useTranslation();
  const roleLabel = useRoleLabel();
  const change = useChangeRole();
  const current = roles.find((r) => (r.key ?? r.role_name) === member.role);
  const [roleId, setRoleId] = useState<string | null>(current ? String(current.id) : null);
  const offered = roles.filter((r) => r.key !== 'owner' || myRole === 'owner');
  async function save() {
    if (!roleId) return;
    try {
      await change.mutateAsync({ id: member.id, input: { role_id: Number(roleId) } });
      showSuccessToast('team.changeRole.done', { name: member.full_name || member.email });
      onClose();
    } catch {
      // shown in the dialog
    }
  }
  return (
    <Modal opened onClose={onClose} title={t('team.changeRole.title')} centered data-testid="team-role-dialog">
      <Stack>
        <Text size="sm">
          <Trans i18nKey="team.changeRole.body" components={{ who: <Who member={member} /> }} />
        </Text>
        <Select
          label={t('team.fields.role')}
          allowDeselect={false}
          data={offered.map((r) => ({ value: String(r.id), label: roleLabel(r) }))}
          value={roleId}
          onChange={setRoleId}
          data-autofocus
          data-testid="team-role-select"
        />
        <ErrorOf error={change.error} />
        <Group justify="flex-end">
          <Button variant="default" onClick={onClose}>
            {t('team.cancel')}
          </Button>
          <Button
            loading={change.isPending}
            disabled={!roleId || roleId === String(current?.id)}
            onClick={() => void save()}
            data-testid="team-role-save"
          >
            {t('team.changeRole.submit')}
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}
