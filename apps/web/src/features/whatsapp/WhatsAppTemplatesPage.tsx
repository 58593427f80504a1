import { Anchor, Button, Group, Pagination, Select, Stack, Table, Text, TextInput, Title } from '@mantine/core';
import { can } from '@risala/shared/permissions';
import { WA_CATEGORIES, WA_STATUSES } from '@risala/shared/schemas/whatsapp';
import { IconBrandWhatsapp, IconPlus, IconSearch } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { Link, useLocation, useNavigate } from 'react-router';
import { EmptyNote } from '../../components/page/EmptyNote.tsx';
import { LoadError } from '../../components/page/LoadError.tsx';
import { TableSkeleton } from '../../components/page/Skeletons.tsx';
import { languageName } from '../../lib/i18n.ts';
import { useSession } from '../../lib/session.ts';
import { oneOf, sortChoice, sortPatch, useUrlList, useUrlSearch } from '../../lib/url-list.ts';
import { useWaTemplates, type WaTemplateFilters } from './api/get-wa-templates.ts';
import { WA_LANGUAGES } from './builder-state.ts';
import { StatusBadge } from './components/StatusBadge.tsx';
import { SubmissionLimits } from './components/SubmissionLimits.tsx';
import { backState } from '../../components/page/BackLink.tsx';
import { Moment } from '../../components/time/Moment.tsx';
import { TemplatesTabs } from '../templates/components/TemplatesTabs.tsx';
import { EmptyState } from '../../components/empty-state/EmptyState.tsx';
import { ListCards, usePhone } from '../../components/list/index.ts';

const LIMIT = 20;
const SORTS = ['updated_at:desc', 'created_at:desc', 'name:asc', 'status:asc'] as const;
/** The list's view in the URL (lib/url-list.ts): /template/whatsapp?search=…&status=…&category=…&language=ar&sort=…&order=…&page=2 */
const LIST_DEFAULTS = { search: '', status: '', category: '', language: '', sort: 'updated_at', order: 'desc' };
type Filter = 'status' | 'category' | 'language';

/** /template/whatsapp — Meta message templates with status badges, filters and the daily limit. */
export function WhatsAppTemplatesPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const location = useLocation();
  const { permissions } = useSession();
  // the view lives in the URL (Back from a template returns to the same page and filters)
  const view = useUrlList(LIST_DEFAULTS);
  const [search, setSearch] = useUrlSearch(view);
  const { page, setPage } = view;
  const searched = view.values.search;
  const status = oneOf(view.values.status, WA_STATUSES);
  const category = oneOf(view.values.category, WA_CATEGORIES);
  const language = oneOf(view.values.language, WA_LANGUAGES);
  const sort = sortChoice(view.values, SORTS);
  const [sortBy, order] = sort.split(':') as [WaTemplateFilters['sort'], WaTemplateFilters['order']];
  const list = useWaTemplates({
    page,
    limit: LIMIT,
    search: searched || undefined,
    status: status ?? undefined,
    category: category ?? undefined,
    language: language ?? undefined,
    sort: sortBy,
    order,
  });
  const filtered = Boolean(searched || status || category || language);
  const filterProps = (key: Filter, value: string | null) => ({
    value,
    clearable: true,
    placeholder: t('whatsapp.filters.all'),
    onChange: (v: string | null) => view.update({ [key]: v }),
  });

  const phone = usePhone();
  return (
    <Stack gap="lg" data-testid="wa-templates-page">
      <Group justify="space-between" align="flex-start">
        <div>
          <Group gap="xs">
            <IconBrandWhatsapp size={28} />
            <Title order={1} size="h2">
              {t('whatsapp.title')}
            </Title>
          </Group>
          <Text c="dimmed">{t('whatsapp.subtitle')}</Text>
        </div>
        {can(permissions, 'template', 'create') && (
          <Button component={Link} to="/template/whatsapp/new" leftSection={<IconPlus size={16} />} data-testid="wa-template-new">
            {t('whatsapp.new')}
          </Button>
        )}
      </Group>
      {/* the same tab bar as the text templates: both kinds stay one click apart */}
      <TemplatesTabs />
      <SubmissionLimits />
      <Group gap="sm" align="flex-end">
        <TextInput
          style={{ flex: 1, minWidth: 200 }}
          leftSection={<IconSearch size={16} />}
          placeholder={t('whatsapp.search')}
          aria-label={t('whatsapp.search')}
          value={search}
          onChange={(e) => setSearch(e.currentTarget.value)}
          data-testid="wa-template-search"
        />
        <Select
          label={t('whatsapp.filters.status')}
          data={WA_STATUSES.map((v) => ({ value: v, label: t(`whatsapp.status.${v}`) }))}
          {...filterProps('status', status)}
          data-testid="wa-filter-status"
        />
        <Select
          label={t('whatsapp.filters.category')}
          data={WA_CATEGORIES.map((v) => ({ value: v, label: t(`whatsapp.category.${v}`) }))}
          {...filterProps('category', category)}
          data-testid="wa-filter-category"
        />
        <Select
          label={t('whatsapp.filters.language')}
          data={WA_LANGUAGES.map((code) => ({ value: code, label: `${languageName(code)} (${code})` }))}
          searchable
          {...filterProps('language', language)}
          data-testid="wa-filter-language"
        />
        <Select
          label={t('whatsapp.filters.sort')}
          data={SORTS.map((v) => ({ value: v, label: t(`whatsapp.sort.${v.replace(':', '_')}`) }))}
          allowDeselect={false}
          value={sort}
          onChange={(v) => v && view.update(sortPatch(v))}
          data-testid="wa-sort"
        />
      </Group>
      {list.isPending ? (
        <TableSkeleton />
      ) : list.isError ? (
        <LoadError error={list.error} onRetry={() => void list.refetch()} />
      ) : list.data.items.length === 0 ? (
        filtered ? (
          <EmptyNote text={t('whatsapp.emptyFiltered')} />
        ) : (
          <EmptyState
            icon={IconBrandWhatsapp}
            title={t('whatsapp.emptyTitle')}
            text={t('whatsapp.empty')}
            action={
              can(permissions, 'template', 'create') && (
                <Button component={Link} to="/template/whatsapp/new" leftSection={<IconPlus size={16} />}>
                  {t('whatsapp.emptyAction')}
                </Button>
              )
            }
          />
        )
      ) : (
        <>
          {phone ? (
            <ListCards
              items={list.data.items}
              itemKey={(tpl) => tpl.id}
              label={t('whatsapp.title')}
              testId="wa-template-cards"
              rowTestId="wa-template-row"
              title={(tpl) => (
                <Anchor component={Link} to={`/template/whatsapp/${tpl.id}`} state={backState(location)} fw={600}>
                  <bdi dir="ltr">{tpl.name}</bdi>
                </Anchor>
              )}
              subtitle={(tpl) =>
                tpl.rejection_reason && (
                  <Text span size="xs" c="red">
                    {t(`whatsapp.reasons.${tpl.rejection_reason}`, { defaultValue: tpl.rejection_reason })}
                  </Text>
                )
              }
              badge={(tpl) => <StatusBadge status={tpl.status} />}
              lines={(tpl) => [
                { label: t('whatsapp.table.language'), value: languageName(tpl.language) },
                { label: t('whatsapp.table.category'), value: t(`whatsapp.category.${tpl.category}`) },
                { label: t('whatsapp.table.updated'), value: <Moment at={tpl.updated_at} /> },
              ]}
            />
          ) : (
            <Table.ScrollContainer minWidth={640}>
              <Table highlightOnHover verticalSpacing="sm" data-testid="wa-template-list">
                <Table.Thead>
                  <Table.Tr>
                    <Table.Th>{t('whatsapp.table.name')}</Table.Th>
                    <Table.Th>{t('whatsapp.table.language')}</Table.Th>
                    <Table.Th>{t('whatsapp.table.category')}</Table.Th>
                    <Table.Th>{t('whatsapp.table.status')}</Table.Th>
                    <Table.Th>{t('whatsapp.table.updated')}</Table.Th>
                  </Table.Tr>
                </Table.Thead>
                <Table.Tbody>
                  {list.data.items.map((tpl) => (
                    <Table.Tr
                      key={tpl.id}
                      style={{ cursor: 'pointer' }}
                      onClick={() => void navigate(`/template/whatsapp/${tpl.id}`, { state: backState(location) })}
                      data-testid="wa-template-row"
                    >
                      <Table.Td>
                        <Anchor
                          component={Link}
                          to={`/template/whatsapp/${tpl.id}`}
                          state={backState(location)}
                          size="sm"
                          fw={600}
                          dir="ltr"
                        >
                          {tpl.name}
                        </Anchor>
                        {tpl.rejection_reason && (
                          <Text size="xs" c="red">
                            {t(`whatsapp.reasons.${tpl.rejection_reason}`, { defaultValue: tpl.rejection_reason })}
                          </Text>
                        )}
                      </Table.Td>
                      <Table.Td>{languageName(tpl.language)}</Table.Td>
                      <Table.Td>{t(`whatsapp.category.${tpl.category}`)}</Table.Td>
                      <Table.Td>
                        <StatusBadge status={tpl.status} />
                      </Table.Td>
                      <Table.Td>
                        <Moment at={tpl.updated_at} />
                      </Table.Td>
                    </Table.Tr>
                  ))}
                </Table.Tbody>
              </Table>
            </Table.ScrollContainer>
          )}
          {list.data.total > LIMIT && (
            <Group justify="center">
              <Pagination total={Math.ceil(list.data.total / LIMIT)} value={page} onChange={setPage} />
            </Group>
          )}
        </>
      )}
    </Stack>
  );
}
