import { Button, Group, Paper, Select, Stack, Text, TextInput, Title } from '@mantine/core';
import { can } from '@risala/shared/permissions';
import type { Brand } from '@risala/shared/schemas/brands';
import { IconBuildingStore, IconPlus, IconSearch } from '@tabler/icons-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ListFooter } from '../../components/page/ListFooter.tsx';
import { QueryState } from '../../components/page/QueryState.tsx';
import { useSession } from '../../lib/session.ts';
import { sortChoice, sortPatch, useUrlList, useUrlSearch } from '../../lib/url-list.ts';
import { type BrandListParams, useBrands } from './api/get-brands.ts';
import { BrandFormModal } from './components/BrandFormModal.tsx';
import { BrandTable } from './components/BrandTable.tsx';
import { DeleteBrandModal } from './components/DeleteBrandModal.tsx';
import { EmptyState } from '../../components/empty-state/EmptyState.tsx';

const LIMIT = 20;
const SORTS = ['created_at:desc', 'created_at:asc', 'name:asc', 'name:desc'] as const;
/** The list's view in the URL (lib/url-list.ts): /brand?search=…&sort=name&order=asc&page=2 */
const LIST_DEFAULTS = { search: '', sort: 'created_at', order: 'desc' };

/** /brand: the account's brands with search, sorting and paging; create, edit and delete. */
export function BrandsPage() {
  const { t } = useTranslation();
  const { permissions } = useSession();
  // the view lives in the URL (a reload or a shared link shows the same page)
  const list = useUrlList(LIST_DEFAULTS);
  const [search, setSearch] = useUrlSearch(list);
  const { page, setPage } = list;
  const searched = list.values.search;
  const sort = sortChoice(list.values, SORTS);
  const [editing, setEditing] = useState<Brand | 'new' | null>(null);
  const [deleting, setDeleting] = useState<Brand | null>(null);

  const [sortBy, order] = sort.split(':') as [BrandListParams['sort'], BrandListParams['order']];
  const brands = useBrands({ page, limit: LIMIT, search: searched || undefined, sort: sortBy, order });
  const canCreate = can(permissions, 'brand', 'create');

  const body = (
    <QueryState
      query={brands}
      empty={(data) => data.items.length === 0}
      emptyText={t(searched ? 'brands.list.noMatch' : 'brands.list.empty')}
      emptyState={
        searched ? undefined : (
          <EmptyState
            icon={IconBuildingStore}
            title={t('brands.list.emptyTitle')}
            text={t('brands.list.empty')}
            action={
              canCreate && (
                <Button leftSection={<IconPlus size={16} />} onClick={() => setEditing('new')} data-testid="brand-empty-new">
                  {t('brands.list.emptyAction')}
                </Button>
              )
            }
          />
        )
      }
    >
      {(data) => (
        <Paper withBorder radius="md" p="xs">
          <BrandTable
            brands={data.items}
            canEdit={can(permissions, 'brand', 'update')}
            canDelete={can(permissions, 'brand', 'delete')}
            onEdit={setEditing}
            onDelete={setDeleting}
          />
          <ListFooter
            label={t('brands.list.total', { count: data.total })}
            testId="brand-total"
            page={page}
            count={data.total}
            limit={LIMIT}
            onPage={setPage}
          />
        </Paper>
      )}
    </QueryState>
  );

  return (
    <Stack gap="lg" data-testid="brands-page">
      <Group justify="space-between" align="flex-end">
        <div>
          <Title order={1} size="h2">
            {t('brands.title')}
          </Title>
          <Text c="dimmed">{t('brands.subtitle')}</Text>
        </div>
        {canCreate && (
          <Button leftSection={<IconPlus size={16} />} onClick={() => setEditing('new')} data-testid="brand-new">
            {t('brands.actions.new')}
          </Button>
        )}
      </Group>
      <Group gap="sm" align="flex-end">
        <TextInput
          leftSection={<IconSearch size={16} />}
          placeholder={t('brands.list.search')}
          aria-label={t('brands.list.search')}
          value={search}
          onChange={(e) => setSearch(e.currentTarget.value)}
          flex={1}
          miw={{ base: '100%', xs: 240 }}
          maw={420}
          data-testid="brand-search"
        />
        <Select
          label={t('brands.list.sort')}
          value={sort}
          onChange={(value) => value && list.update(sortPatch(value))}
          data={SORTS.map((value) => ({ value, label: t(`brands.list.sorts.${value.replace(':', '_')}`) }))}
          allowDeselect={false}
          w={{ base: '100%', xs: 220 }}
          data-testid="brand-sort"
        />
      </Group>
      {body}
      {editing !== null && <BrandFormModal brand={editing === 'new' ? null : editing} opened onClose={() => setEditing(null)} />}
      <DeleteBrandModal brand={deleting} onClose={() => setDeleting(null)} />
    </Stack>
  );
}
