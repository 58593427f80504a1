import { Button, Group, Paper, SegmentedControl, Select, Stack, Text, TextInput, Title } from '@mantine/core';
import { useLocalStorage } from '@mantine/hooks';
import { can } from '@risala/shared/permissions';
import { CONTENT_TYPES, type ContentItem } from '@risala/shared/schemas/content';
import { IconBrush, IconLayoutGrid, IconList, IconPhoto, IconPlus, IconSearch } from '@tabler/icons-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { ListFooter } from '../../components/page/ListFooter.tsx';
import { QueryState } from '../../components/page/QueryState.tsx';
import { useSession } from '../../lib/session.ts';
import { oneOf, sortChoice, sortPatch, useUrlDraft, useUrlList } from '../../lib/url-list.ts';
import { useBrandOptions } from '../../lib/brand-options.ts';
import { type ContentListParams, useContent } from './api/get-content.ts';
import { ContentFormModal } from './components/ContentFormModal.tsx';
import { ContentGrid, ContentTable } from './components/ContentViews.tsx';
import { DeleteContentModal } from './components/DeleteContentModal.tsx';
import { EmptyState } from '../../components/empty-state/EmptyState.tsx';

const LIMIT = 24;
const SORTS = ['created_at:desc', 'updated_at:desc', 'title:asc', 'title:desc'] as const;
const VIEWS = ['grid', 'list'] as const;
/**
 * The list's view in the URL (lib/url-list.ts): /content?search=…&tag=…&type=image&brand=3&sort=…&order=…&page=2&view=list.
 * Without `view` the page shows the layout last chosen on this browser.
 */
const LIST_DEFAULTS = { search: '', tag: '', type: '', brand: '', sort: 'created_at', order: 'desc', view: '' };
type TextFilters = { search: string; tag: string };
const readText = (v: typeof LIST_DEFAULTS): TextFilters => ({ search: v.search, tag: v.tag });
const writeText = (f: TextFilters) => ({ search: f.search.trim(), tag: f.tag.trim() });

/** /content: the content library in a grid or a list, with filters; create, edit and delete. */
export function ContentPage() {
  const { t } = useTranslation();
  const { permissions } = useSession();
  // the view lives in the URL (a reload or a shared link shows the same page, filters and layout);
  // the search and tag boxes edit a draft that reaches the URL once typing settles
  const list = useUrlList(LIST_DEFAULTS);
  const [text, setText] = useUrlDraft(list, readText, writeText);
  const [storedView, setStoredView] = useLocalStorage<'grid' | 'list'>({ key: 'content-view', defaultValue: 'grid' });
  const view = oneOf(list.values.view, VIEWS) ?? storedView;
  const { page, setPage } = list;
  const { search: debouncedSearch, tag: debouncedTag } = list.values;
  const type = oneOf(list.values.type, CONTENT_TYPES);
  const brandNumber = Number(list.values.brand);
  const brandId = Number.isInteger(brandNumber) && brandNumber > 0 ? String(brandNumber) : null;
  const sort = sortChoice(list.values, SORTS);
  const [editing, setEditing] = useState<ContentItem | 'new' | null>(null);
  const [deleting, setDeleting] = useState<ContentItem | null>(null);
  const brands = useBrandOptions();

  const [sortBy, order] = sort.split(':') as [ContentListParams['sort'], ContentListParams['order']];
  const filtered = Boolean(debouncedSearch || debouncedTag || type || brandId);
  const content = useContent({
    page,
    limit: LIMIT,
    search: debouncedSearch || undefined,
    tag: debouncedTag || undefined,
    type: type ?? undefined,
    brand_id: brandId ? Number(brandId) : undefined,
    sort: sortBy,
    order,
  });
  const changeView = (value: string) => {
    const next = value === 'list' ? 'list' : 'grid';
    setStoredView(next);
    list.update({ view: next, page }); // the layout is not a filter: same page
  };

  const rowProps = {
    canEdit: can(permissions, 'content', 'update'),
    canDelete: can(permissions, 'content', 'delete'),
    onEdit: setEditing,
    onDelete: setDeleting,
  };
  const body = (
    <QueryState
      query={content}
      empty={(data) => data.items.length === 0}
      emptyText={t(filtered ? 'content.list.noMatch' : 'content.list.empty')}
      emptyState={
        filtered ? undefined : (
          <EmptyState
            icon={IconPhoto}
            title={t('content.list.emptyTitle')}
            text={t('content.list.empty')}
            action={
              can(permissions, 'content', 'create') && (
                <Button leftSection={<IconPlus size={16} />} onClick={() => setEditing('new')}>
                  {t('content.list.emptyAction')}
                </Button>
              )
            }
            secondary={
              can(permissions, 'content', 'create') && (
                <Button component={Link} to="/canvas-editor" variant="default" leftSection={<IconBrush size={16} />}>
                  {t('content.actions.designImage')}
                </Button>
              )
            }
          />
        )
      }
    >
      {({ items, total }) => (
        <Stack gap="sm">
          {view === 'grid' ? (
            <ContentGrid items={items} {...rowProps} />
          ) : (
            <Paper withBorder radius="md" p="xs">
              <ContentTable items={items} {...rowProps} />
            </Paper>
          )}
          <ListFooter
            label={t('content.list.total', { count: total })}
            testId="content-total"
            page={page}
            count={total}
            limit={LIMIT}
            onPage={setPage}
            inset={false}
          />
        </Stack>
      )}
    </QueryState>
  );

  return (
    <Stack gap="lg" data-testid="content-page">
      <Group justify="space-between" align="flex-end">
        <div>
          <Title order={1} size="h2">
            {t('content.title')}
          </Title>
          <Text c="dimmed">{t('content.subtitle')}</Text>
        </div>
        {can(permissions, 'content', 'create') && (
          <Group gap="sm">
            {/* the canvas editor: images, shapes, text and ready-made layouts, saved into this library */}
            <Button
              component={Link}
              to="/canvas-editor"
              variant="default"
              leftSection={<IconBrush size={16} />}
              data-testid="content-design-image"
            >
              {t('content.actions.designImage')}
            </Button>
            <Button leftSection={<IconPlus size={16} />} onClick={() => setEditing('new')} data-testid="content-new">
              {t('content.actions.new')}
            </Button>
          </Group>
        )}
      </Group>
      <Group gap="sm" align="flex-end" wrap="wrap">
        <TextInput
          leftSection={<IconSearch size={16} />}
          label={t('content.list.search')}
          value={text.search}
          onChange={(e) => {
            const search = e.currentTarget.value;
            setText((d) => ({ ...d, search }));
          }}
          w={240}
          data-testid="content-search"
        />
        <Select
          label={t('content.fields.type')}
          placeholder={t('content.list.allTypes')}
          data={CONTENT_TYPES.map((value) => ({ value, label: t(`content.types.${value}`) }))}
          value={type}
          onChange={(value) => list.update({ type: value })}
          clearable
          w={160}
          data-testid="content-filter-type"
        />
        <Select
          label={t('content.fields.brand')}
          placeholder={t('content.list.allBrands')}
          data={brands.data ?? []}
          value={brandId}
          onChange={(value) => list.update({ brand: value })}
          clearable
          searchable
          w={200}
          data-testid="content-filter-brand"
        />
        <TextInput
          label={t('content.fields.tag')}
          value={text.tag}
          onChange={(e) => {
            const tag = e.currentTarget.value;
            setText((d) => ({ ...d, tag }));
          }}
          w={140}
          data-testid="content-filter-tag"
        />
        <Select
          label={t('content.list.sort')}
          value={sort}
          onChange={(value) => value && list.update(sortPatch(value))}
          data={SORTS.map((value) => ({ value, label: t(`content.list.sorts.${value.replace(':', '_')}`) }))}
          allowDeselect={false}
          w={200}
          data-testid="content-sort"
        />
        <SegmentedControl
          value={view}
          onChange={changeView}
          data={[
            { value: 'grid', label: <IconLayoutGrid size={16} aria-label={t('content.list.grid')} /> },
            { value: 'list', label: <IconList size={16} aria-label={t('content.list.list')} /> },
          ]}
          data-testid="content-view"
        />
      </Group>
      {body}
      {editing !== null && <ContentFormModal item={editing === 'new' ? null : editing} onClose={() => setEditing(null)} />}
      <DeleteContentModal item={deleting} onClose={() => setDeleting(null)} />
    </Stack>
  );
}
