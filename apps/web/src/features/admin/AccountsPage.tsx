import { Anchor, Badge, Group, Pagination, ScrollArea, SegmentedControl, Stack, Table, Text, TextInput, Title } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import type { AccountStatus, AdminAccount } from '@risala/shared/schemas/admin';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { formatDate, intlLocale } from '../../lib/i18n.ts';
import { useAdminAccounts } from './api.ts';

export const num = (n: number) => new Intl.NumberFormat(intlLocale()).format(n);

export function StatusBadge({ status }: { status: AccountStatus }) {
  const { t } = useTranslation();
  return (
    <Badge
      color={status === 'ACTIVE' ? 'green' : 'red'}
      variant="light"
      style={{ minWidth: 'max-content' }}
      data-testid="admin-account-status"
    >
      {t(`admin.status.${status}`)}
    </Badge>
  );
}

export function CreditsText({ account }: { account: AdminAccount }) {
  const { t } = useTranslation();
  return (
    <Text size="sm">
      {(['sms', 'email', 'whatsapp'] as const).map((ch) => `${t(`admin.channel.${ch}`)} ${num(account.credits[ch])}`).join(' · ')}
    </Text>
  );
}

/** /admin/accounts: every account, searchable by name or email, 20 to a page. */
export function AccountsPage() {
  const { t } = useTranslation();
  const [search, setSearch] = useState('');
  const [status, setStatus] = useState<'' | AccountStatus>('');
  const [page, setPage] = useState(1);
  const [debounced] = useDebouncedValue(search.trim(), 300);
  const list = useAdminAccounts({ page, search: debounced || undefined, status: status || undefined });
  const pages = list.data ? Math.max(1, Math.ceil(list.data.total / list.data.limit)) : 1;
  return (
    <Stack data-testid="admin-accounts">
      <Title order={2} size="h4">
        {t('admin.accounts.title')}
      </Title>
      <Group align="flex-end" wrap="wrap">
        <TextInput
          label={t('admin.accounts.search')}
          value={search}
          onChange={(e) => {
            setSearch(e.currentTarget.value);
            setPage(1);
          }}
          style={{ flex: '1 1 240px' }}
          data-testid="admin-accounts-search"
        />
        <SegmentedControl
          aria-label={t('admin.accounts.status')}
          value={status}
          onChange={(v) => {
            setStatus(v as '' | AccountStatus);
            setPage(1);
          }}
          data={[
            { value: '', label: t('admin.accounts.all') },
            { value: 'ACTIVE', label: t('admin.status.ACTIVE') },
            { value: 'SUSPENDED', label: t('admin.status.SUSPENDED') },
          ]}
        />
      </Group>
      {list.error && <Text c="red">{list.error.message}</Text>}
      <ScrollArea type="auto">
        <Table striped highlightOnHover miw={760}>
          <Table.Thead>
            <Table.Tr>
              <Table.Th>{t('admin.accounts.name')}</Table.Th>
              <Table.Th>{t('admin.accounts.plan')}</Table.Th>
              <Table.Th>{t('admin.accounts.status')}</Table.Th>
              <Table.Th>{t('admin.accounts.users')}</Table.Th>
              <Table.Th>{t('admin.accounts.messages30d')}</Table.Th>
              <Table.Th>{t('admin.accounts.credits')}</Table.Th>
              <Table.Th>{t('admin.accounts.created')}</Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {list.data?.items.map((a) => (
              <Table.Tr key={a.id} data-testid={`admin-account-row-${a.id}`}>
                <Table.Td>
                  <Anchor component={Link} to={`/admin/accounts/${a.id}`} fw={500}>
                    {a.name}
                  </Anchor>
                  <Text size="xs" c="dimmed" dir="ltr" ta="start">
                    {a.owner_email}
                  </Text>
                </Table.Td>
                <Table.Td>{a.plan}</Table.Td>
                <Table.Td>
                  <StatusBadge status={a.status} />
                </Table.Td>
                <Table.Td>{num(a.users)}</Table.Td>
                <Table.Td>{num(a.messages_30d)}</Table.Td>
                <Table.Td>
                  <CreditsText account={a} />
                </Table.Td>
                <Table.Td>{formatDate(a.created_at)}</Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      </ScrollArea>
      {list.data && list.data.items.length === 0 && <Text c="dimmed">{t('admin.accounts.empty')}</Text>}
      <Group justify="space-between" wrap="wrap">
        <Text size="sm" c="dimmed">
          {list.data ? t('admin.accounts.total', { total: list.data.total }) : ''}
        </Text>
        <Pagination total={pages} value={page} onChange={setPage} aria-label={t('admin.pagination.label')} />
      </Group>
    </Stack>
  );
}
