import { Anchor, Badge, Button, Group, Select, Stack, Table, Text, TextInput, Title } from '@mantine/core';
import { can } from '@risala/shared/permissions';
import { BLACKLIST_TYPES } from '@risala/shared/schemas/blacklists';
import { IconBan, IconPlus, IconSearch } from '@tabler/icons-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useLocation, useNavigate } from 'react-router';
import { AudienceLinks } from '../../components/audience-links/AudienceLinks.tsx';
import { ListFooter } from '../../components/page/ListFooter.tsx';
import { QueryTable } from '../../components/page/QueryTable.tsx';
import { intlLocale } from '../../lib/i18n.ts';
import { useSession } from '../../lib/session.ts';
import { oneOf, sortChoice, sortPatch, useUrlList, useUrlSearch } from '../../lib/url-list.ts';
import { type BlacklistListParams, useBlacklists } from './api/get-blacklists.ts';
import { BlacklistFormModal } from './components/BlacklistFormModal.tsx';
import { CheckNumberBox } from './components/CheckNumberBox.tsx';
import { backState } from '../../components/page/BackLink.tsx';
import { Moment } from '../../components/time/Moment.tsx';
import { EmptyState } from '../../components/empty-state/EmptyState.tsx';
import { ListCards } from '../../components/list/index.ts';
import { UserText } from '../../components/text/UserText.tsx';

const LIMIT = 20;
const SORTS = ['created_at:desc', 'blacklist_name:asc', 'blacklist_name:desc', 'entries_count:desc'] as const;
/** The list's view in the URL (lib/url-list.ts): /customer/blacklists?search=…&type=MT&sort=…&order=…&page=2 */
const LIST_DEFAULTS = { search: '', type: '', sort: 'created_at', order: 'desc' };

/** /customer/blacklists: MT and MO blacklists, the "check a number" box, and creation. */
export function BlacklistsPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const location = useLocation();
  const { permissions } = useSession();
  // the view lives in the URL (Back from a blacklist returns to the same page and filters)
  const list = useUrlList(LIST_DEFAULTS);
  const [search, setSearch] = useUrlSearch(list);
  const { page, setPage } = list;
  const searched = list.values.search;
  const type = oneOf(list.values.type, BLACKLIST_TYPES);
  const sort = sortChoice(list.values, SORTS);
  const [creating, setCreating] = useState(false);
  const [sortBy, order] = sort.split(':') as [BlacklistListParams['sort'], BlacklistListParams['order']];
  const lists = useBlacklists({ page, limit: LIMIT, search: searched || undefined, type: type ?? undefined, sort: sortBy, order });

  const body = (
    <QueryTable
      query={lists}
      empty={(data) => data.items.length === 0}
      emptyText={t(searched || type ? 'blacklists.list.noMatch' : 'blacklists.list.empty')}
      emptyState={
        searched || type ? undefined : (
          <EmptyState
            icon={IconBan}
            title={t('blacklists.list.emptyTitle')}
            text={t('blacklists.list.empty')}
            action={
              can(permissions, 'customer', 'create') && (
                <Button leftSection={<IconPlus size={16} />} onClick={() => setCreating(true)}>
                  {t('blacklists.list.emptyAction')}
                </Button>
              )
            }
          />
        )
      }
      minWidth={640}
      testId="blacklist-table"
      highlight
      headers={[
        t('blacklists.fields.blacklist_name'),
        t('blacklists.fields.blacklist_type'),
        t('blacklists.fields.entries_count'),
        t('blacklists.fields.status'),
        t('blacklists.fields.created_at'),
      ]}
      rows={(data) =>
        data.items.map((b) => (
          <Table.Tr key={b.id} data-testid="blacklist-row">
            <Table.Td>
              <Anchor
                component={Link}
                to={`/customer/blacklists/${b.id}`}
                state={backState(location)}
                fw={600}
                data-testid="blacklist-row-name"
              >
                {b.blacklist_name}
              </Anchor>
              {b.description && (
                <Text size="xs" c="dimmed" lineClamp={1}>
                  {b.description}
                </Text>
              )}
            </Table.Td>
            <Table.Td>
              <Badge variant="outline">{t(`blacklists.types.${b.blacklist_type}`)}</Badge>
            </Table.Td>
            <Table.Td>{b.entries_count.toLocaleString(intlLocale())}</Table.Td>
            <Table.Td>
              <Badge color={b.status === 'ACTIVE' ? 'green' : 'gray'} variant="light">
                {t(`blacklists.status.${b.status}`)}
              </Badge>
            </Table.Td>
            <Table.Td>
              <Moment at={b.created_at} style="day" />
            </Table.Td>
          </Table.Tr>
        ))
      }
      cards={(data) => (
        <ListCards
          items={data.items}
          itemKey={(b) => b.id}
          label={t('blacklists.title')}
          testId="blacklist-cards"
          rowTestId="blacklist-row"
          title={(b) => (
            <Anchor
              component={Link}
              to={`/customer/blacklists/${b.id}`}
              state={backState(location)}
              fw={600}
              data-testid="blacklist-row-name"
            >
              <UserText>{b.blacklist_name}</UserText>
            </Anchor>
          )}
          subtitle={(b) => b.description && <UserText>{b.description}</UserText>}
          badge={(b) => (
            <Badge color={b.status === 'ACTIVE' ? 'green' : 'gray'} variant="light">
              {t(`blacklists.status.${b.status}`)}
            </Badge>
          )}
          lines={(b) => [
            { label: t('blacklists.fields.blacklist_type'), value: t(`blacklists.types.${b.blacklist_type}`) },
            { label: t('blacklists.fields.entries_count'), value: b.entries_count.toLocaleString(intlLocale()) },
            { label: t('blacklists.fields.created_at'), value: <Moment at={b.created_at} style="day" /> },
          ]}
        />
      )}
      footer={(data) => (
        <ListFooter
          label={t('blacklists.list.total', { count: data.total })}
          testId="blacklist-total"
          page={page}
          count={data.total}
          limit={LIMIT}
          onPage={setPage}
        />
      )}
    />
  );

  return (
    <Stack gap="lg" data-testid="blacklists-page">
      <AudienceLinks />
      <Group justify="space-between" align="flex-end">
        <div>
          <Title order={1} size="h2">
            {t('blacklists.title')}
          </Title>
          <Text c="dimmed">{t('blacklists.subtitle')}</Text>
        </div>
        {can(permissions, 'customer', 'create') && (
          <Button leftSection={<IconPlus size={16} />} onClick={() => setCreating(true)} data-testid="blacklist-new">
            {t('blacklists.new')}
          </Button>
        )}
      </Group>
      <CheckNumberBox />
      <Group gap="sm" align="flex-end">
        <TextInput
          leftSection={<IconSearch size={16} />}
          placeholder={t('blacklists.list.search')}
          aria-label={t('blacklists.list.search')}
          value={search}
          onChange={(e) => setSearch(e.currentTarget.value)}
          flex={1}
          maw={420}
          data-testid="blacklist-search"
        />
        <Select
          label={t('blacklists.fields.blacklist_type')}
          clearable
          placeholder={t('blacklists.list.allTypes')}
          value={type}
          w={180}
          onChange={(v) => list.update({ type: v })}
          data={[
            { value: 'MT', label: t('blacklists.types.MT') },
            { value: 'MO', label: t('blacklists.types.MO') },
          ]}
        />
        <Select
          label={t('blacklists.list.sort')}
          value={sort}
          allowDeselect={false}
          w={220}
          onChange={(v) => v && list.update(sortPatch(v))}
          data={SORTS.map((value) => ({ value, label: t(`blacklists.list.sorts.${value.replace(':', '_')}`) }))}
        />
      </Group>
      {body}
      {creating && (
        <BlacklistFormModal
          blacklist={null}
          onClose={(saved) => {
            setCreating(false);
            if (saved) navigate(`/customer/blacklists/${saved.id}`);
          }}
        />
      )}
    </Stack>
  );
}
