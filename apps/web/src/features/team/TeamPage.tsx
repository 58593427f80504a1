import { Alert, Button, Group, Paper, Select, Stack, Text, TextInput, Title } from '@mantine/core';
import { can } from '@risala/shared/permissions';
import { TEAM_STATUSES, type TeamMember } from '@risala/shared/schemas/team';
import { IconSearch, IconUserPlus, IconUsers } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { EmptyState } from '../../components/empty-state/EmptyState.tsx';
import { ListFooter } from '../../components/page/ListFooter.tsx';
import { QueryState } from '../../components/page/QueryState.tsx';
import { intlLocale } from '../../lib/i18n.ts';
import { userProfileQuery, useSession } from '../../lib/session.ts';
import { oneOf, useFirstPageWhenPastEnd, useUrlList, useUrlSearch } from '../../lib/url-list.ts';
import type { RowAction, Viewer } from './actions.ts';
import { type MemberAction, useActiveOwners, useTeam } from './api/team.ts';
import { InviteModal } from './components/InviteModal.tsx';
import { ChangeRoleModal, ConfirmActionModal } from './components/MemberDialogs.tsx';
import { PlanLimitNote } from './components/PlanLimitNote.tsx';
import { useRoleLabel } from './components/RoleName.tsx';
import { TeamTable } from './components/TeamTable.tsx';

const LIMIT = 20;
/** The list's view in the URL (lib/url-list.ts): /users?search=…&role=marketer&status=INVITED&page=2 */
const LIST_DEFAULTS = { search: '', role: '', status: '' };

type Dialog = { action: RowAction; member: TeamMember } | 'invite' | null;

/** /users: the account's users and pending invitations; invite, change roles, (de)activate, approve, resend, revoke. */
export function TeamPage() {
  const { t, i18n } = useTranslation();
  const { permissions, userId } = useSession();
  const roleLabel = useRoleLabel();
  const profile = useQuery({ ...userProfileQuery(userId ?? ''), enabled: Boolean(userId) });
  const myRole = profile.data?.user.role ?? null;
  const list = useUrlList(LIST_DEFAULTS);
  const [search, setSearch] = useUrlSearch(list);
  const { page, setPage } = list;
  const status = oneOf(list.values.status, TEAM_STATUSES);
  const role = list.values.role || undefined;
  const filtered = Boolean(list.values.search || status || role);
  const canView = can(permissions, 'user_management', 'view');
  const team = useTeam({ page, limit: LIMIT, search: list.values.search || undefined, role, status: status ?? undefined }, canView);
  const owners = useActiveOwners(canView);
  const [dialog, setDialog] = useState<Dialog>(null);
  useFirstPageWhenPastEnd(page, Boolean(team.data && team.data.items.length === 0 && team.data.total > 0), setPage);

  const canInvite = can(permissions, 'user_management', 'create');
  const viewer: Viewer = {
    role: myRole,
    activeOwners: owners.data ?? 1,
    canUpdate: can(permissions, 'user_management', 'update'),
    canApprove: can(permissions, 'user_management', 'approve'),
    canInvite,
    canRevoke: can(permissions, 'user_management', 'delete'),
  };
  const seats = team.data?.seats;
  const full = seats?.limit != null && seats.used >= seats.limit;
  const number = (n: number) => n.toLocaleString(intlLocale(i18n.language));

  if (!canView) {
    // a role without the team's entity (a link, a typed address): say so instead of a failed load
    return (
      <Stack gap="lg" data-testid="team-page">
        <Title order={1} size="h2">
          {t('team.title')}
        </Title>
        <Alert color="orange" variant="light" data-testid="team-forbidden">
          {t('errors.FORBIDDEN')}
        </Alert>
      </Stack>
    );
  }

  return (
    <Stack gap="lg" data-testid="team-page">
      <Group justify="space-between" align="flex-end">
        <div>
          <Title order={1} size="h2">
            {t('team.title')}
          </Title>
          <Text c="dimmed">{t('team.subtitle')}</Text>
        </div>
        <Group gap="md" align="center">
          {seats && (
            <Text size="sm" fw={500} data-testid="team-seats">
              {seats.limit === null
                ? t('team.seats.unlimited', { count: seats.used, used: number(seats.used) })
                : t('team.seats.of', { count: seats.limit, used: number(seats.used), limit: number(seats.limit) })}
            </Text>
          )}
          {canInvite && (
            <Button leftSection={<IconUserPlus size={16} />} onClick={() => setDialog('invite')} data-testid="team-invite">
              {t('team.actions.invite')}
            </Button>
          )}
        </Group>
      </Group>
      {full && canInvite && <PlanLimitNote used={seats.used} limit={seats.limit} testId="team-seats-full" />}
      <Group gap="sm" align="flex-end">
        <TextInput
          leftSection={<IconSearch size={16} />}
          label={t('team.filters.search')}
          placeholder={t('team.filters.searchPlaceholder')}
          value={search}
          onChange={(e) => setSearch(e.currentTarget.value)}
          flex={1}
          miw={{ base: '100%', xs: 240 }}
          maw={420}
          data-testid="team-search"
        />
        <Select
          label={t('team.filters.role')}
          placeholder={t('team.filters.any')}
          clearable
          data={(team.data?.roles ?? []).map((r) => ({ value: r.key ?? r.role_name, label: roleLabel(r) }))}
          value={role ?? null}
          onChange={(v) => list.update({ role: v })}
          w={{ base: '100%', xs: 200 }}
          data-testid="team-filter-role"
        />
        <Select
          label={t('team.filters.status')}
          placeholder={t('team.filters.any')}
          clearable
          data={TEAM_STATUSES.map((s) => ({ value: s, label: t(`team.status.${s.toLowerCase()}`) }))}
          value={status}
          onChange={(v) => list.update({ status: v })}
          w={{ base: '100%', xs: 200 }}
          data-testid="team-filter-status"
        />
      </Group>
      <QueryState
        query={team}
        empty={(data) => data.items.length === 0}
        emptyText={t('team.list.noMatch')}
        emptyState={
          filtered ? undefined : (
            <EmptyState
              icon={IconUsers}
              title={t('team.list.emptyTitle')}
              text={t('team.list.empty')}
              action={
                canInvite && (
                  <Button leftSection={<IconUserPlus size={16} />} onClick={() => setDialog('invite')}>
                    {t('team.actions.invite')}
                  </Button>
                )
              }
            />
          )
        }
      >
        {(data) => (
          <Paper withBorder radius="md" p="xs">
            <TeamTable members={data.items} viewer={viewer} onAction={(action, member) => setDialog({ action, member })} />
            <ListFooter
              label={t('team.list.total', { count: data.total, formatted: number(data.total) })}
              testId="team-total"
              page={page}
              count={data.total}
              limit={LIMIT}
              onPage={setPage}
            />
          </Paper>
        )}
      </QueryState>
      {dialog === 'invite' && team.data && <InviteModal roles={team.data.roles} myRole={myRole} onClose={() => setDialog(null)} />}
      {dialog && dialog !== 'invite' && dialog.action === 'changeRole' && team.data && (
        <ChangeRoleModal member={dialog.member} roles={team.data.roles} myRole={myRole} onClose={() => setDialog(null)} />
      )}
      {dialog && dialog !== 'invite' && dialog.action !== 'changeRole' && (
        <ConfirmActionModal action={dialog.action as MemberAction} member={dialog.member} onClose={() => setDialog(null)} />
      )}
    </Stack>
  );
}
