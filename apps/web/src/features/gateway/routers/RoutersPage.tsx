import { ActionIcon, Badge, Button, Group, Stack, Switch, Table, Text, Title } from '@mantine/core';
import { can } from '@risala/shared/permissions';
import type { Router } from '@risala/shared/schemas/gateway-routing';
import { IconArrowDown, IconArrowUp, IconPlus } from '@tabler/icons-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { QueryTable } from '../../../components/page/QueryTable.tsx';
import { useSession } from '../../../lib/session.ts';
import { ConfirmDelete, RoutingNav, RowActions } from '../RoutingNav.tsx';
import { useRouterMutations } from './api/change-router.ts';
import { useConnectionOptions, useRouters } from './api/get-routers.ts';
import { RouteTestBox } from './RouteTestBox.tsx';
import { RouterFormModal } from './RouterFormModal.tsx';
import { intlLocale } from '../../../lib/i18n.ts';
import { ListCards } from '../../../components/list/index.ts';
import { UserText } from '../../../components/text/UserText.tsx';

const TYPE_COLORS = { default: 'gray', static: 'blue', random_round_robin: 'grape', failover: 'orange' } as const;

/** /gateway/routers — MT routers in routing order, with up/down reorder and a route tester. */
export function RoutersPage() {
  const { t } = useTranslation();
  const { permissions } = useSession();
  const routers = useRouters();
  const connections = useConnectionOptions();
  const { status, remove, reorder } = useRouterMutations();
  const [editing, setEditing] = useState<Router | null | 'new'>(null);
  const [deleting, setDeleting] = useState<Router | null>(null);
  const canEdit = can(permissions, 'sender', 'update');
  const items = routers.data?.items ?? [];
  const names = new Map((connections.data ?? []).map((c) => [c.id, c.connection_name]));

  function move(index: number, by: -1 | 1) {
    const ids = items.map((r) => r.id);
    const [moved] = ids.splice(index, 1);
    ids.splice(index + by, 0, moved as number);
    reorder.mutate(ids);
  }

  const moveButtons = (r: Router, i: number) =>
    canEdit && (
      <>
        {/* the default router always comes last: it neither moves nor lets another pass below it */}
        <ActionIcon
          variant="subtle"
          size="sm"
          disabled={i === 0 || r.router_type === 'default' || reorder.isPending}
          aria-label={t('gateway.routers.moveUp')}
          onClick={() => move(i, -1)}
          data-testid="router-up"
        >
          <IconArrowUp size={14} />
        </ActionIcon>
        <ActionIcon
          variant="subtle"
          size="sm"
          disabled={i === items.length - 1 || items[i + 1]?.router_type === 'default' || r.router_type === 'default' || reorder.isPending}
          aria-label={t('gateway.routers.moveDown')}
          onClick={() => move(i, 1)}
          data-testid="router-down"
        >
          <IconArrowDown size={14} />
        </ActionIcon>
      </>
    );
  const statusSwitch = (r: Router) => (
    <Switch
      checked={r.status === 'ACTIVE'}
      disabled={!canEdit || r.router_type === 'default'}
      label={t(`gateway.routers.status.${r.status}`)}
      onChange={(e) => status.mutate({ id: r.id, active: e.currentTarget.checked })}
      data-testid="router-status"
    />
  );
  const connectionsOf = (r: Router) =>
    r.connection_ids.map((id) => names.get(id) ?? `#${id}`).join(r.router_type === 'failover' ? ' → ' : ', ');
  const rateOf = (r: Router) => Number(r.rate).toLocaleString(intlLocale(), { maximumFractionDigits: 5 });

  const body = (
    <QueryTable
      query={routers}
      empty={() => items.length === 0}
      emptyText={t('gateway.routers.empty')}
      minWidth={760}
      testId="router-table"
      headers={[
        t('gateway.routers.fields.order'),
        t('gateway.routers.fields.router_name'),
        t('gateway.routers.fields.router_type'),
        t('gateway.routers.fields.connection_ids'),
        t('gateway.routers.fields.rate'),
        t('gateway.routers.fields.status'),
        null,
      ]}
      cards={() => (
        <ListCards
          items={items}
          itemKey={(r) => r.id}
          label={t('gateway.routers.title')}
          testId="router-cards"
          rowTestId="router-row"
          title={(r) => (
            <span data-testid="router-name-cell">
              <UserText>{r.router_name}</UserText>
            </span>
          )}
          badge={(r) => (
            <Badge color={TYPE_COLORS[r.router_type]} variant="light" data-testid="router-type-badge">
              {t(`gateway.routers.types.${r.router_type}`)}
            </Badge>
          )}
          lines={(r) => [
            { label: t('gateway.routers.fields.order'), value: r.order },
            { label: t('gateway.routers.fields.connection_ids'), value: <bdi>{connectionsOf(r)}</bdi> },
            r.rules_ids.length > 0 && { label: t('gateway.routers.fields.rules_ids'), value: r.rules_ids.length },
            { label: t('gateway.routers.fields.rate'), value: rateOf(r) },
          ]}
          actions={(r) => (
            <>
              {statusSwitch(r)}
              <Group gap={2} ms="auto" wrap="nowrap">
                {moveButtons(r, items.indexOf(r))}
                {canEdit && <RowActions testId="router" onEdit={() => setEditing(r)} onDelete={() => setDeleting(r)} />}
              </Group>
            </>
          )}
        />
      )}
      rows={() =>
        items.map((r, i) => (
          <Table.Tr key={r.id} data-testid="router-row">
            <Table.Td>
              <Group gap={2} wrap="nowrap">
                <Text w={36}>{r.order}</Text>
                {moveButtons(r, i)}
              </Group>
            </Table.Td>
            <Table.Td fw={600} data-testid="router-name-cell">
              {r.router_name}
            </Table.Td>
            <Table.Td>
              <Badge color={TYPE_COLORS[r.router_type]} variant="light" data-testid="router-type-badge">
                {t(`gateway.routers.types.${r.router_type}`)}
              </Badge>
            </Table.Td>
            <Table.Td>
              <Text size="sm">{connectionsOf(r)}</Text>
              {r.rules_ids.length > 0 && (
                <Text size="xs" c="dimmed">
                  {t('gateway.routers.rulesCount', { count: r.rules_ids.length })}
                </Text>
              )}
            </Table.Td>
            <Table.Td>{rateOf(r)}</Table.Td>
            <Table.Td>{statusSwitch(r)}</Table.Td>
            <Table.Td>{canEdit && <RowActions testId="router" onEdit={() => setEditing(r)} onDelete={() => setDeleting(r)} />}</Table.Td>
          </Table.Tr>
        ))
      }
    />
  );

  const nextOrder = Math.min(9999, items.filter((r) => r.router_type !== 'default').reduce((max, r) => Math.max(max, r.order), 0) + 10);
  return (
    <Stack gap="lg" data-testid="routers-page">
      <RoutingNav />
      <Group justify="space-between" align="flex-end">
        <div>
          <Title order={1} size="h2">
            {t('gateway.routers.title')}
          </Title>
          <Text c="dimmed">{t('gateway.routers.subtitle')}</Text>
        </div>
        {can(permissions, 'sender', 'create') && (
          <Button leftSection={<IconPlus size={16} />} onClick={() => setEditing('new')} data-testid="router-new">
            {t('gateway.routers.new')}
          </Button>
        )}
      </Group>
      {body}
      <RouteTestBox />
      {editing && <RouterFormModal router={editing === 'new' ? null : editing} nextOrder={nextOrder} onClose={() => setEditing(null)} />}
      {deleting && (
        <ConfirmDelete name={deleting.router_name} onConfirm={() => remove.mutateAsync(deleting.id)} onClose={() => setDeleting(null)} />
      )}
    </Stack>
  );
}
