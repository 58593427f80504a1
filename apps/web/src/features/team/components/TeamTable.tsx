import { ActionIcon, Badge, Group, Menu, Stack, Table, Text, VisuallyHidden } from '@mantine/core';
import type { TeamMember } from '@risala/shared/schemas/team';
import { IconDots } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { UserText } from '../../../components/text/UserText.tsx';
import { ListCards, usePhone } from '../../../components/list/index.ts';
import { Moment } from '../../../components/time/Moment.tsx';
import { chipsOf, type RowAction, rowActions, type Viewer } from '../actions.ts';
import { RoleName } from './RoleName.tsx';

const CHIP_COLORS: Record<string, string> = {
  active: 'teal',
  inactive: 'gray',
  invited: 'blue',
  expired: 'orange',
  needsApproval: 'yellow',
};

export function StatusChips({ member }: { member: Pick<TeamMember, 'status' | 'approved_user'> }) {
  const { t } = useTranslation();
  return (
    <Group gap={4} wrap="wrap">
      {chipsOf(member).map((chip) => (
        <Badge key={chip} size="sm" variant="light" color={CHIP_COLORS[chip]} data-testid={`team-chip-${chip}`}>
          {t(`team.status.${chip}`)}
        </Badge>
      ))}
    </Group>
  );
}

/** The row's menu: each action, and for one that cannot be taken, why. */
function RowMenu({ member, viewer, onAction }: { member: TeamMember; viewer: Viewer; onAction: (a: RowAction, m: TeamMember) => void }) {
  const { t } = useTranslation();
  const actions = rowActions(member, viewer);
  if (!actions.length) return null;
  const name = member.full_name || member.email;
  return (
    <Menu position="bottom-end" withinPortal>
      <Menu.Target>
        <ActionIcon variant="subtle" color="gray" aria-label={t('team.actions.menu', { name })} data-testid="team-row-menu">
          <IconDots size={18} />
        </ActionIcon>
      </Menu.Target>
      <Menu.Dropdown maw={300}>
        {actions.map(({ action, unavailable }) => (
          // an unavailable action stays reachable by keyboard and read out with its reason
          // (a disabled item is skipped by the arrow keys), and does nothing
          <Menu.Item
            key={action}
            aria-disabled={unavailable ? true : undefined}
            data-unavailable={unavailable}
            closeMenuOnClick={!unavailable}
            color={unavailable ? 'gray' : action === 'revoke' || action === 'deactivate' ? 'red' : undefined}
            style={unavailable ? { cursor: 'not-allowed' } : undefined}
            onClick={() => !unavailable && onAction(action, member)}
            data-testid={`team-action-${action}`}
          >
            <Stack gap={0}>
              <Text span size="sm" c={unavailable ? 'dimmed' : undefined}>
                {t(`team.actions.${action}`)}
              </Text>
              {unavailable && (
                <Text size="xs" c="dimmed" data-testid={`team-why-${unavailable}`}>
                  {t(`team.unavailable.${unavailable}`)}
                </Text>
              )}
            </Stack>
          </Menu.Item>
        ))}
      </Menu.Dropdown>
    </Menu>
  );
}

/** One page of the team: users and pending invitations. */
export function TeamTable({
  members,
  viewer,
  onAction,
}: {
  members: TeamMember[];
  viewer: Viewer;
  onAction: (a: RowAction, m: TeamMember) => void;
}) {
  const { t } = useTranslation();
  const phone = usePhone();
  const since = (m: TeamMember) =>
    m.kind === 'invitation' && m.expires_at ? (
      <>
        {t(m.status === 'EXPIRED' ? 'team.expired' : 'team.expires')} <Moment at={m.expires_at} style="day" />
      </>
    ) : (
      <Moment at={m.created_at} style="day" />
    );
  if (phone) {
    return (
      <ListCards
        items={members}
        itemKey={(m) => m.key}
        label={t('team.title')}
        testId="team-cards"
        rowTestId="team-row"
        rowData={(m) => ({ 'data-email': m.email, 'data-kind': m.kind })}
        title={(m) => (
          <>
            {m.full_name ? <UserText>{m.full_name}</UserText> : '—'}
            {m.is_self && (
              <Badge size="xs" variant="outline" ms={6} data-testid="team-you">
                {t('team.you')}
              </Badge>
            )}
          </>
        )}
        subtitle={(m) => <bdi dir="ltr">{m.email}</bdi>}
        badge={(m) => <RowMenu member={m} viewer={viewer} onAction={onAction} />}
        lines={(m) => [
          { label: t('team.fields.role'), value: <RoleName role={{ key: m.role, role_name: m.role_name }} /> },
          { label: t('team.fields.status'), value: <StatusChips member={m} /> },
          { label: t('team.fields.since'), value: since(m) },
        ]}
      />
    );
  }
  return (
    <Table.ScrollContainer minWidth={640}>
      <Table verticalSpacing="xs" highlightOnHover>
        <Table.Thead>
          <Table.Tr>
            <Table.Th>{t('team.fields.name')}</Table.Th>
            <Table.Th>{t('team.fields.role')}</Table.Th>
            <Table.Th>{t('team.fields.status')}</Table.Th>
            <Table.Th>{t('team.fields.since')}</Table.Th>
            <Table.Th w={56}>
              <VisuallyHidden>{t('team.fields.actions')}</VisuallyHidden>
            </Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {members.map((m) => (
            <Table.Tr key={m.key} data-testid="team-row" data-email={m.email} data-kind={m.kind}>
              <Table.Td>
                <Stack gap={0}>
                  <Group gap={6} wrap="nowrap">
                    <Text size="sm" fw={500}>
                      {m.full_name ? <UserText>{m.full_name}</UserText> : '—'}
                    </Text>
                    {m.is_self && (
                      <Badge size="xs" variant="outline" data-testid="team-you">
                        {t('team.you')}
                      </Badge>
                    )}
                  </Group>
                  <Text size="xs" c="dimmed" className="ltr-value" style={{ overflowWrap: 'anywhere' }}>
                    {m.email}
                  </Text>
                </Stack>
              </Table.Td>
              <Table.Td>
                <Text size="sm">
                  <RoleName role={{ key: m.role, role_name: m.role_name }} />
                </Text>
              </Table.Td>
              <Table.Td>
                <StatusChips member={m} />
              </Table.Td>
              <Table.Td>
                <Text size="sm">{since(m)}</Text>
              </Table.Td>
              <Table.Td>
                <RowMenu member={m} viewer={viewer} onAction={onAction} />
              </Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}
