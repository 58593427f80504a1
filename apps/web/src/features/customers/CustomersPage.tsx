import { Button, Group, Paper, Stack, Text, Title } from '@mantine/core';
import { can } from '@risala/shared/permissions';
import { CUSTOMER_SORTS } from '@risala/shared/schemas/customers';
import { IconDownload, IconFileImport, IconPlus, IconUsers } from '@tabler/icons-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { AudienceLinks } from '../../components/audience-links/AudienceLinks.tsx';
import { ListFooter } from '../../components/page/ListFooter.tsx';
import { QueryState } from '../../components/page/QueryState.tsx';
import { useSession } from '../../lib/session.ts';
import type { CustomerListParams } from './api/get-customers.ts';
import { useCustomers } from './api/get-customers.ts';
import { BulkActions } from './components/BulkActions.tsx';
import { CustomerFilterBar } from './components/CustomerFilterBar.tsx';
import { CustomerFormModal } from './components/CustomerFormModal.tsx';
import { CustomerTable } from './components/CustomerTable.tsx';
import { bulkFilter, exportUrl, filtersFromUrl, filtersToUrl, LIST_DEFAULTS } from './filters.ts';
import { oneOf, useUrlDraft, useUrlList } from '../../lib/url-list.ts';
import { EmptyState } from '../../components/empty-state/EmptyState.tsx';

const LIMIT = 20;

/** /customer: the audience with search, filters, sorting, paging, bulk actions, import and export. */
export function CustomersPage() {
  const { t, i18n } = useTranslation();
  const { permissions } = useSession();
  const canCreate = can(permissions, 'customer', 'create');
  // the view lives in the URL (Back from a customer returns to the same page and filters); the
  // filter bar edits a draft that reaches the URL once typing settles
  const list = useUrlList(LIST_DEFAULTS);
  const [draft, setDraft] = useUrlDraft(list, filtersFromUrl, filtersToUrl);
  const filters = filtersFromUrl(list.values);
  const sort: Pick<CustomerListParams, 'sort' | 'order'> = {
    sort: oneOf(list.values.sort, CUSTOMER_SORTS) ?? 'created_at',
    order: list.values.order === 'asc' ? 'asc' : 'desc',
  };
  const { page, setPage } = list;
  const [selected, setSelected] = useState<Set<number>>(new Set());
  const [creating, setCreating] = useState(false);

  const customers = useCustomers({ ...filters, ...sort, page, limit: LIMIT });
  const filtered = Object.values(filters).some((v) => v !== undefined && v !== null && v !== '');
  const changeFilters = (f: typeof draft) => {
    setDraft(f);
    setSelected(new Set());
  };
  const select = (ids: number[], on: boolean) =>
    setSelected((cur) => {
      const next = new Set(cur);
      for (const id of ids) on ? next.add(id) : next.delete(id);
      return next;
    });

  const body = (
    <QueryState
      query={customers}
      empty={(data) => data.items.length === 0}
      emptyText={t(filtered ? 'customers.list.noMatch' : 'customers.list.empty')}
      emptyState={
        filtered ? undefined : (
          <EmptyState
            icon={IconUsers}
            title={t('customers.list.emptyTitle')}
            text={t('customers.list.empty')}
            action={
              canCreate && (
                <Button leftSection={<IconPlus size={16} />} onClick={() => setCreating(true)} data-testid="customer-empty-new">
                  {t('customers.list.emptyAction')}
                </Button>
              )
            }
            secondary={
              canCreate && (
                <Button component={Link} to="/customer/import" variant="default" leftSection={<IconFileImport size={16} />}>
                  {t('customers.list.emptyImport')}
                </Button>
              )
            }
          />
        )
      }
    >
      {({ items, total, total_estimated }) => (
        <Paper withBorder radius="md" p="xs">
          <CustomerTable customers={items} selected={selected} onSelect={select} sort={sort} onSort={(s) => list.update(s)} />
          <ListFooter
            label={t(total_estimated ? 'customers.list.totalEstimated' : 'customers.list.total', {
              count: total,
              formatted: total.toLocaleString(i18n.language),
            })}
            testId="customer-total"
            page={page}
            count={total}
            limit={LIMIT}
            onPage={setPage}
          />
        </Paper>
      )}
    </QueryState>
  );

  return (
    <Stack gap="lg" data-testid="customers-page">
      {/* the audience sections (customers, groups, blacklists) have no sidebar entries of their own */}
      <AudienceLinks />
      <Group justify="space-between" align="flex-end">
        <div>
          <Title order={1} size="h2">
            {t('customers.title')}
          </Title>
          <Text c="dimmed">{t('customers.subtitle')}</Text>
        </div>
        <Group gap="xs">
          {can(permissions, 'customer', 'export') && (
            <Button
              component="a"
              href={exportUrl(filters)}
              download
              variant="default"
              leftSection={<IconDownload size={16} />}
              data-testid="customer-export"
            >
              {t('customers.actions.export')}
            </Button>
          )}
          {can(permissions, 'customer', 'create') && (
            <>
              <Button
                component={Link}
                to="/customer/import"
                variant="default"
                leftSection={<IconFileImport size={16} />}
                data-testid="customer-import"
              >
                {t('customers.actions.import')}
              </Button>
              <Button leftSection={<IconPlus size={16} />} onClick={() => setCreating(true)} data-testid="customer-new">
                {t('customers.actions.new')}
              </Button>
            </>
          )}
        </Group>
      </Group>
      <CustomerFilterBar value={draft} onChange={changeFilters} />
      {selected.size > 0 && customers.data && (
        <BulkActions
          selected={[...selected]}
          total={customers.data.total}
          filter={bulkFilter(filters)}
          canUpdate={can(permissions, 'customer', 'update')}
          canDelete={can(permissions, 'customer', 'delete')}
          onDone={() => setSelected(new Set())}
        />
      )}
      {body}
      {creating && <CustomerFormModal customer={null} opened onClose={() => setCreating(false)} />}
    </Stack>
  );
}
