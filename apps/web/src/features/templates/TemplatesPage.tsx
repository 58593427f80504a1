import { Button, Group, Menu, Pagination, Paper, Select, Stack, Text, TextInput, Title } from '@mantine/core';
import { can } from '@risala/shared/permissions';
import { MESSAGE_TYPES, TEMPLATE_CATEGORIES, TEMPLATE_STATUSES } from '@risala/shared/schemas/templates';
import { IconChevronDown, IconPlus, IconSearch, IconTemplate } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { EmptyNote } from '../../components/page/EmptyNote.tsx';
import { LoadError } from '../../components/page/LoadError.tsx';
import { useSession } from '../../lib/session.ts';
import { oneOf, sortChoice, sortPatch, useUrlList, useUrlSearch } from '../../lib/url-list.ts';
import { useTemplates } from './api/get-templates.ts';
import type { TemplateListParams } from './api/keys.ts';
import { TemplatesTabs } from './components/TemplatesTabs.tsx';
import { TemplateTable } from './components/TemplateTable.tsx';
import { EmptyState } from '../../components/empty-state/EmptyState.tsx';
import { TableSkeleton } from '../../components/page/Skeletons.tsx';

const SORTS = ['updated_at:desc', 'created_at:desc', 'template_name:asc', 'template_name:desc', 'status:asc'] as const;
const LIMIT = 20;
/** The list's view in the URL (lib/url-list.ts): /template?search=…&type=sms&status=…&category=…&sort=…&order=…&page=2 */
const LIST_DEFAULTS = { search: '', type: '', status: '', category: '', sort: 'updated_at', order: 'desc' };

/** /template: the account's email, SMS and WhatsApp text templates. */
export function TemplatesPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const { userId, permissions } = useSession();
  // the view lives in the URL (Back from a template returns to the same page and filters)
  const view = useUrlList(LIST_DEFAULTS);
  const [search, setSearch] = useUrlSearch(view);
  const { page, setPage } = view;
  const searched = view.values.search;
  const messageType = oneOf(view.values.type, MESSAGE_TYPES);
  const status = oneOf(view.values.status, TEMPLATE_STATUSES);
  const category = oneOf(view.values.category, TEMPLATE_CATEGORIES);
  const sort = sortChoice(view.values, SORTS);
  const [sortField, order] = sort.split(':') as [TemplateListParams['sort'], 'asc' | 'desc'];
  const params: TemplateListParams = {
    page,
    limit: LIMIT,
    search: searched || undefined,
    message_type: messageType ?? undefined,
    status: status ?? undefined,
    category: category ?? undefined,
    sort: sortField,
    order,
  };
  const list = useTemplates(userId ?? '', params);
  const filtered = Boolean(searched || messageType || status || category);

  return (
    <Stack gap="md" data-testid="templates-page">
      <Group justify="space-between">
        <Title order={1} size="h2">
          {t('templates.title')}
        </Title>
        {can(permissions, 'template', 'create') && (
          <Menu position="bottom-end">
            <Menu.Target>
              <Button leftSection={<IconPlus size={16} />} rightSection={<IconChevronDown size={14} />} data-testid="template-new">
                {t('templates.list.new')}
              </Button>
            </Menu.Target>
            <Menu.Dropdown>
              {MESSAGE_TYPES.map((type) => (
                <Menu.Item key={type} onClick={() => navigate(`/template/new/${type}`)} data-testid={`template-new-${type}`}>
                  {t(`templates.list.newOf.${type}`)}
                </Menu.Item>
              ))}
            </Menu.Dropdown>
          </Menu>
        )}
      </Group>
      <TemplatesTabs />
      <Group gap="sm" align="flex-end">
        <TextInput
          leftSection={<IconSearch size={16} />}
          placeholder={t('templates.list.search')}
          aria-label={t('templates.list.search')}
          value={search}
          onChange={(e) => setSearch(e.currentTarget.value)}
          style={{ flex: 1, minInlineSize: 200 }}
          data-testid="template-search"
        />
        <Select
          placeholder={t('templates.list.channel')}
          aria-label={t('templates.list.channel')}
          clearable
          data={MESSAGE_TYPES.map((v) => ({ value: v, label: t(`templates.channel.${v}`) }))}
          value={messageType}
          onChange={(v) => view.update({ type: v })}
          w={150}
          data-testid="template-filter-channel"
        />
        <Select
          placeholder={t('templates.list.status')}
          aria-label={t('templates.list.status')}
          clearable
          data={TEMPLATE_STATUSES.map((v) => ({ value: v, label: t(`templates.status.${v}`) }))}
          value={status}
          onChange={(v) => view.update({ status: v })}
          w={160}
          data-testid="template-filter-status"
        />
        <Select
          placeholder={t('templates.list.category')}
          aria-label={t('templates.list.category')}
          clearable
          data={TEMPLATE_CATEGORIES.map((v) => ({ value: v, label: t(`templates.category.${v}`) }))}
          value={category}
          onChange={(v) => view.update({ category: v })}
          w={160}
          data-testid="template-filter-category"
        />
        <Select
          aria-label={t('templates.list.sort')}
          data={SORTS.map((v) => ({ value: v, label: t(`templates.list.sorts.${v.replace(':', '_')}`) }))}
          value={sort}
          onChange={(v) => v && view.update(sortPatch(v))}
          allowDeselect={false}
          w={190}
          data-testid="template-sort"
        />
      </Group>

      {list.isPending ? (
        <TableSkeleton />
      ) : list.isError ? (
        <LoadError error={list.error} onRetry={() => void list.refetch()} />
      ) : list.data.items.length === 0 ? (
        filtered ? (
          <EmptyNote text={t('templates.list.emptyFiltered')} />
        ) : (
          <EmptyState
            icon={IconTemplate}
            title={t('templates.list.emptyTitle')}
            text={t('templates.list.empty')}
            action={
              can(permissions, 'template', 'create') && (
                <Menu position="bottom">
                  <Menu.Target>
                    <Button leftSection={<IconPlus size={16} />} rightSection={<IconChevronDown size={14} />}>
                      {t('templates.list.emptyAction')}
                    </Button>
                  </Menu.Target>
                  <Menu.Dropdown>
                    {MESSAGE_TYPES.map((type) => (
                      <Menu.Item key={type} onClick={() => navigate(`/template/new/${type}`)}>
                        {t(`templates.list.newOf.${type}`)}
                      </Menu.Item>
                    ))}
                  </Menu.Dropdown>
                </Menu>
              )
            }
          />
        )
      ) : (
        <Paper withBorder radius="md">
          <TemplateTable items={list.data.items} />
          <Group justify="space-between" p="sm">
            <Text size="sm" c="dimmed">
              {t('templates.list.total', { count: list.data.total })}
            </Text>
            <Pagination total={Math.ceil(list.data.total / LIMIT)} value={page} onChange={setPage} size="sm" />
          </Group>
        </Paper>
      )}
    </Stack>
  );
}
