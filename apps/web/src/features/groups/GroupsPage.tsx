import { Anchor, Badge, Button, Group, Menu, Select, Stack, Table, Text, TextInput, Title } from '@mantine/core';
import { can } from '@risala/shared/permissions';
import { GROUP_TYPES } from '@risala/shared/schemas/groups';
import { IconChevronDown, IconFilter, IconPlus, IconSearch, IconUsersGroup } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { Link, useLocation, useNavigate } from 'react-router';
import { ListFooter } from '../../components/page/ListFooter.tsx';
import { QueryTable } from '../../components/page/QueryTable.tsx';
import { intlLocale } from '../../lib/i18n.ts';
import { useSession } from '../../lib/session.ts';
import { oneOf, sortChoice, sortPatch, useUrlList, useUrlSearch } from '../../lib/url-list.ts';
import { type GroupListParams, useGroups } from './api/get-groups.ts';
import { AudienceLinks } from '../../components/audience-links/AudienceLinks.tsx';
import { backState } from '../../components/page/BackLink.tsx';
import { Moment } from '../../components/time/Moment.tsx';
import { EmptyState } from '../../components/empty-state/EmptyState.tsx';
import { ListCards } from '../../components/list/index.ts';
import { UserText } from '../../components/text/UserText.tsx';

const LIMIT = 20;
const SORTS = ['created_at:desc', 'group_name:asc', 'group_name:desc', 'contacts_count:desc'] as const;
/** The list's view in the URL (lib/url-list.ts): /customer/groups?search=…&type=dynamic&sort=…&order=…&page=2 */
const LIST_DEFAULTS = { search: '', type: '', sort: 'created_at', order: 'desc' };

/** /customer/groups: static groups and dynamic segments with search, filters, sorting and paging. */
export function GroupsPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const location = useLocation();
  const { permissions } = useSession();
  const canCreate = can(permissions, 'customer', 'create');
  // the view lives in the URL (Back from a group returns to the same page and filters)
  const list = useUrlList(LIST_DEFAULTS);
  const [search, setSearch] = useUrlSearch(list);
  const { page, setPage } = list;
  const searched = list.values.search;
  const type = oneOf(list.values.type, GROUP_TYPES);
  const sort = sortChoice(list.values, SORTS);
  const [sortBy, order] = sort.split(':') as [GroupListParams['sort'], GroupListParams['order']];
  const groups = useGroups({ page, limit: LIMIT, search: searched || undefined, type: type ?? undefined, sort: sortBy, order });

  const body = (
    <QueryTable
      query={groups}
      empty={(data) => data.items.length === 0}
      emptyText={t(searched || type ? 'groups.list.noMatch' : 'groups.list.empty')}
      emptyState={
        searched || type ? undefined : (
          <EmptyState
            icon={IconUsersGroup}
            title={t('groups.list.emptyTitle')}
            text={t('groups.list.empty')}
            action={
              canCreate && (
                <Button onClick={() => navigate('/customer/groups/new?type=static')} leftSection={<IconPlus size={16} />}>
                  {t('groups.list.emptyAction')}
                </Button>
              )
            }
            secondary={
              canCreate && (
                <Button
                  variant="default"
                  onClick={() => navigate('/customer/groups/new?type=dynamic')}
                  leftSection={<IconFilter size={16} />}
                >
                  {t('groups.list.emptySegment')}
                </Button>
              )
            }
          />
        )
      }
      minWidth={680}
      testId="group-table"
      highlight
      headers={[
        t('groups.fields.group_name'),
        t('groups.fields.type'),
        t('groups.fields.contacts_count'),
        t('groups.fields.status'),
        t('groups.fields.created_at'),
      ]}
      rows={(data) =>
        data.items.map((g) => (
          <Table.Tr key={g.id} data-testid="group-row">
            <Table.Td>
              <Anchor component={Link} to={`/customer/groups/${g.id}`} state={backState(location)} fw={600} data-testid="group-row-name">
                {g.group_name}
              </Anchor>
              {g.group_description && (
                <Text size="xs" c="dimmed" lineClamp={1}>
                  {g.group_description}
                </Text>
              )}
            </Table.Td>
            <Table.Td>
              <Badge variant="outline">{t(`groups.kind.${g.type}`)}</Badge>
            </Table.Td>
            <Table.Td>{g.contacts_count.toLocaleString(intlLocale())}</Table.Td>
            <Table.Td>
              <Badge color={g.status === 'ACTIVE' ? 'green' : 'gray'} variant="light">
                {t(`groups.status.${g.status}`)}
              </Badge>
            </Table.Td>
            <Table.Td>
              <Moment at={g.created_at} style="day" />
            </Table.Td>
          </Table.Tr>
        ))
      }
      cards={(data) => (
        <ListCards
          items={data.items}
          itemKey={(g) => g.id}
          label={t('groups.title')}
          testId="group-cards"
          rowTestId="group-row"
          title={(g) => (
            <Anchor component={Link} to={`/customer/groups/${g.id}`} state={backState(location)} fw={600} data-testid="group-row-name">
              <UserText>{g.group_name}</UserText>
            </Anchor>
          )}
          subtitle={(g) => g.group_description && <UserText>{g.group_description}</UserText>}
          badge={(g) => (
            <Badge color={g.status === 'ACTIVE' ? 'green' : 'gray'} variant="light">
              {t(`groups.status.${g.status}`)}
            </Badge>
          )}
          lines={(g) => [
            { label: t('groups.fields.type'), value: t(`groups.kind.${g.type}`) },
            { label: t('groups.fields.contacts_count'), value: g.contacts_count.toLocaleString(intlLocale()) },
            { label: t('groups.fields.created_at'), value: <Moment at={g.created_at} style="day" /> },
          ]}
        />
      )}
      footer={(data) => (
        <ListFooter
          label={t('groups.list.total', { count: data.total })}
          testId="group-total"
          page={page}
          count={data.total}
          limit={LIMIT}
          onPage={setPage}
        />
      )}
    />
  );

  return (
    <Stack gap="lg" data-testid="groups-page">
      <AudienceLinks />
      <Group justify="space-between" align="flex-end">
        <div>
          <Title order={1} size="h2">
            {t('groups.title')}
          </Title>
          <Text c="dimmed">{t('groups.subtitle')}</Text>
        </div>
        {can(permissions, 'customer', 'create') && (
          <Menu position="bottom-end">
            <Menu.Target>
              <Button leftSection={<IconPlus size={16} />} rightSection={<IconChevronDown size={14} />} data-testid="group-new">
                {t('groups.actions.new')}
              </Button>
            </Menu.Target>
            <Menu.Dropdown>
              <Menu.Item onClick={() => navigate('/customer/groups/new?type=static')} data-testid="group-new-static">
                {t('groups.kind.static')}
              </Menu.Item>
              <Menu.Item onClick={() => navigate('/customer/groups/new?type=dynamic')} data-testid="group-new-dynamic">
                {t('groups.kind.dynamic')}
              </Menu.Item>
            </Menu.Dropdown>
          </Menu>
        )}
      </Group>
      <Group gap="sm" align="flex-end">
        <TextInput
          leftSection={<IconSearch size={16} />}
          placeholder={t('groups.list.search')}
          aria-label={t('groups.list.search')}
          value={search}
          onChange={(e) => setSearch(e.currentTarget.value)}
          flex={1}
          maw={420}
          data-testid="group-search"
        />
        <Select
          label={t('groups.fields.type')}
          clearable
          placeholder={t('groups.list.allTypes')}
          value={type}
          w={180}
          onChange={(v) => list.update({ type: v })}
          data={[
            { value: 'static', label: t('groups.kind.static') },
            { value: 'dynamic', label: t('groups.kind.dynamic') },
          ]}
          data-testid="group-type-filter"
        />
        <Select
          label={t('groups.list.sort')}
          value={sort}
          allowDeselect={false}
          w={220}
          onChange={(v) => v && list.update(sortPatch(v))}
          data={SORTS.map((value) => ({ value, label: t(`groups.list.sorts.${value.replace(':', '_')}`) }))}
          data-testid="group-sort"
        />
      </Group>
      {body}
    </Stack>
  );
}
