import { RoutingNav } from '../RoutingNav.tsx';
import {
  ActionIcon,
  Anchor,
  Badge,
  Button,
  Group,
  Modal,
  Pagination,
  Select,
  Stack,
  Table,
  Text,
  TextInput,
  Title,
  Tooltip,
} from '@mantine/core';
import { can } from '@risala/shared/permissions';
import { CONNECTION_STATES, CONNECTION_TYPES, type Connection } from '@risala/shared/schemas/gateway-connections';
import { IconPencil, IconPlugConnected, IconPlus, IconSearch, IconTrash } from '@tabler/icons-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate } from 'react-router';
import { QueryTable } from '../../../components/page/QueryTable.tsx';
import { useSession } from '../../../lib/session.ts';
import { oneOf, useUrlList, useUrlSearch } from '../../../lib/url-list.ts';
import { useConnections } from './api/get-connections.ts';
import { ConfirmDeleteConnection, ConnectionActions, StateBadge } from './ConnectionControls.tsx';
import { ConnectionForm } from './ConnectionForm.tsx';
import { EmptyState } from '../../../components/empty-state/EmptyState.tsx';
import { ListCards } from '../../../components/list/index.ts';
import { UserText } from '../../../components/text/UserText.tsx';

const LIMIT = 20;
/** The list's view in the URL (lib/url-list.ts): /gateway/connections?search=…&type=smpp&status=CONNECTED&page=2 */
const LIST_DEFAULTS = { search: '', type: '', status: '' };
const endpoint = (c: Connection) => (c.type === 'smpp' ? `${c.host ?? ''}:${c.port ?? ''}` : (c.post_url ?? ''));

/** /gateway/connections — SMPP and HTTP connections with live states (polled) and start/stop/restart. */
export function ConnectionsPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const { permissions } = useSession();
  // the view lives in the URL (Back from a connection returns to the same page and filters)
  const view = useUrlList(LIST_DEFAULTS);
  const [search, setSearch] = useUrlSearch(view);
  const type = oneOf(view.values.type, CONNECTION_TYPES);
  const status = oneOf(view.values.status, CONNECTION_STATES);
  const q = {
    page: view.page,
    limit: LIMIT,
    sort: 'created_at',
    order: 'asc',
    search: view.values.search || undefined,
    type: type ?? undefined,
    status: status ?? undefined,
  } as const;
  const filtered = Boolean(q.search || type || status);
  const [creating, setCreating] = useState(false);
  const [deleting, setDeleting] = useState<Connection | null>(null);
  const list = useConnections(q);
  const canEdit = can(permissions, 'sender', 'update');
  const canDelete = can(permissions, 'sender', 'delete');
  const items = list.data?.items ?? [];

  const rowActions = (c: Connection) => (
    <Group gap={6} wrap="nowrap" align="flex-start">
      {canEdit && <ConnectionActions connection={c} compact />}
      {canEdit && (
        <Tooltip label={t('gateway.connections.actions.edit')}>
          <ActionIcon
            variant="subtle"
            aria-label={t('gateway.connections.actions.edit')}
            onClick={() => navigate(`/gateway/connections/${c.id}`)}
            data-testid="connection-edit"
          >
            <IconPencil size={16} />
          </ActionIcon>
        </Tooltip>
      )}
      {canDelete && (
        <Tooltip label={t('gateway.connections.actions.delete')}>
          <ActionIcon
            variant="subtle"
            color="red"
            aria-label={t('gateway.connections.actions.delete')}
            onClick={() => setDeleting(c)}
            data-testid="connection-delete"
          >
            <IconTrash size={16} />
          </ActionIcon>
        </Tooltip>
      )}
    </Group>
  );

  const body = (
    <QueryTable
      query={list}
      empty={() => items.length === 0}
      emptyText={t(filtered ? 'gateway.connections.noMatch' : 'gateway.connections.empty')}
      emptyState={
        filtered ? undefined : (
          <EmptyState
            icon={IconPlugConnected}
            title={t('gateway.connections.emptyTitle')}
            text={t('gateway.connections.empty')}
            action={
              can(permissions, 'sender', 'create') && (
                <Button leftSection={<IconPlus size={16} />} onClick={() => setCreating(true)}>
                  {t('gateway.connections.emptyAction')}
                </Button>
              )
            }
          />
        )
      }
      minWidth={820}
      testId="connection-table"
      headers={[
        t('gateway.connections.columns.name'),
        t('gateway.connections.columns.type'),
        t('gateway.connections.columns.endpoint'),
        t('gateway.connections.columns.rate'),
        t('gateway.connections.columns.state'),
        t('gateway.connections.columns.actions'),
      ]}
      cards={() => (
        <ListCards
          items={items}
          itemKey={(c) => c.id}
          label={t('gateway.connections.title')}
          testId="connection-cards"
          rowTestId="connection-row"
          rowData={(c) => ({ 'data-name': c.connection_name })}
          title={(c) => (
            <Anchor component={Link} to={`/gateway/connections/${c.id}`} fw={600} data-testid="connection-name">
              <UserText>{c.connection_name}</UserText>
            </Anchor>
          )}
          subtitle={(c) =>
            c.last_error &&
            c.status !== 'CONNECTED' && (
              <Text span size="xs" c="red" data-testid="connection-last-error">
                {c.last_error}
              </Text>
            )
          }
          badge={(c) => <StateBadge state={c.status} />}
          lines={(c) => [
            {
              label: t('gateway.connections.columns.type'),
              value: c.is_sandbox
                ? `${t(`gateway.connections.types.${c.type}`)} · ${t('gateway.connections.sandbox')}`
                : t(`gateway.connections.types.${c.type}`),
            },
            { label: t('gateway.connections.columns.endpoint'), value: <bdi dir="ltr">{endpoint(c)}</bdi> },
            { label: t('gateway.connections.columns.rate'), value: c.message_per_second },
          ]}
          actions={rowActions}
        />
      )}
      rows={() =>
        items.map((c) => (
          <Table.Tr key={c.id} data-testid="connection-row" data-name={c.connection_name}>
            <Table.Td>
              <Group gap={6}>
                <Anchor component={Link} to={`/gateway/connections/${c.id}`} fw={600} dir="auto" data-testid="connection-name">
                  {c.connection_name}
                </Anchor>
                {c.is_sandbox && (
                  <Badge size="xs" variant="outline" miw="max-content">
                    {t('gateway.connections.sandbox')}
                  </Badge>
                )}
              </Group>
              {c.last_error && c.status !== 'CONNECTED' && (
                <Text size="xs" c="red" lineClamp={2} data-testid="connection-last-error">
                  {c.last_error}
                </Text>
              )}
            </Table.Td>
            <Table.Td>{t(`gateway.connections.types.${c.type}`)}</Table.Td>
            <Table.Td>
              <Text size="sm" dir="ltr" style={{ textAlign: 'start' }}>
                {endpoint(c)}
              </Text>
            </Table.Td>
            <Table.Td>{c.message_per_second}</Table.Td>
            <Table.Td>
              <StateBadge state={c.status} />
            </Table.Td>
            <Table.Td>{rowActions(c)}</Table.Td>
          </Table.Tr>
        ))
      }
    />
  );

  const pages = Math.max(1, Math.ceil((list.data?.total ?? 0) / LIMIT));
  return (
    <Stack gap="lg" data-testid="connections-page">
      <RoutingNav />
      <Group justify="space-between" align="flex-end">
        <div>
          <Title order={1} size="h2">
            {t('gateway.connections.title')}
          </Title>
          <Text c="dimmed">{t('gateway.connections.subtitle')}</Text>
        </div>
        {can(permissions, 'sender', 'create') && (
          <Button leftSection={<IconPlus size={16} />} onClick={() => setCreating(true)} data-testid="connection-new">
            {t('gateway.connections.add')}
          </Button>
        )}
      </Group>
      <Group gap="sm">
        <TextInput
          leftSection={<IconSearch size={16} />}
          placeholder={t('gateway.connections.search')}
          value={search}
          data-testid="connection-search"
          onChange={(e) => setSearch(e.currentTarget.value)}
        />
        <Select
          placeholder={t('gateway.connections.allTypes')}
          clearable
          value={type}
          data-testid="connection-filter-type"
          data={CONNECTION_TYPES.map((v) => ({ value: v, label: t(`gateway.connections.types.${v}`) }))}
          onChange={(v) => view.update({ type: v })}
        />
        <Select
          placeholder={t('gateway.connections.allStates')}
          clearable
          value={status}
          data-testid="connection-filter-state"
          data={CONNECTION_STATES.map((v) => ({ value: v, label: t(`gateway.connections.states.${v}`) }))}
          onChange={(v) => view.update({ status: v })}
        />
      </Group>
      {body}
      {pages > 1 && <Pagination total={pages} value={view.page} onChange={view.setPage} />}
      {creating && (
        <Modal opened onClose={() => setCreating(false)} title={t('gateway.connections.add')} size="xl" centered>
          <ConnectionForm connection={null} onCancel={() => setCreating(false)} onDone={() => setCreating(false)} />
        </Modal>
      )}
      {deleting && <ConfirmDeleteConnection connection={deleting} onClose={() => setDeleting(null)} />}
    </Stack>
  );
}
