import { Button, Checkbox, Group, MultiSelect, Stack, Table, Text, TextInput } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import type { CustomerGroup } from '@risala/shared/schemas/groups';
import { IconSearch, IconUserMinus, IconUserPlus } from '@tabler/icons-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ListFooter } from '../../../components/page/ListFooter.tsx';
import { QueryState } from '../../../components/page/QueryState.tsx';
import { isApiError } from '../../../lib/http.ts';
import { isolate } from '../../../lib/i18n.ts';
import { showSuccessToast } from '../../../lib/toast.ts';
import { useChangeMembers } from '../api/change-members.ts';
import { type CustomerOption, useCustomerSearch, useMembers } from '../api/get-members.ts';
import { Moment } from '../../../components/time/Moment.tsx';
import { countryName } from '../../../lib/countries.ts';
import { ListCards, usePhone } from '../../../components/list/index.ts';

const LIMIT = 20;
const fullName = (c: { first_name: string | null; last_name: string | null }) =>
  [c.first_name, c.last_name].filter(Boolean).join(' ') || '—';
const optionLabel = (c: CustomerOption) => `${isolate(fullName(c))} · ${isolate(c.mobile_number ?? c.email ?? `#${c.id}`)}`;

/** Adds customers to a static group through a searchable picker. */
function AddMembers({ groupId }: { groupId: number }) {
  const { t } = useTranslation();
  const [search, setSearch] = useState('');
  const [debounced] = useDebouncedValue(search.trim(), 300);
  const [picked, setPicked] = useState<string[]>([]);
  const [labels, setLabels] = useState<Record<string, string>>({});
  const [error, setError] = useState<string>();
  const candidates = useCustomerSearch(debounced, true);
  const { add } = useChangeMembers(groupId);
  const data = [
    ...picked.map((id) => ({ value: id, label: labels[id] ?? `#${id}` })),
    ...(candidates.data ?? []).filter((c) => !picked.includes(String(c.id))).map((c) => ({ value: String(c.id), label: optionLabel(c) })),
  ];

  async function submit() {
    setError(undefined);
    try {
      const res = await add.mutateAsync(picked.map(Number));
      setPicked([]);
      showSuccessToast('groups.members.added', { count: res.added });
    } catch (err) {
      setError(isApiError(err) ? err.message : String(err));
    }
  }

  return (
    <Stack gap={4}>
      <Group align="flex-end" gap="sm">
        <MultiSelect
          flex={1}
          maw={560}
          label={t('groups.members.add')}
          placeholder={t('groups.members.searchCustomers')}
          searchable
          searchValue={search}
          onSearchChange={setSearch}
          filter={({ options }) => options}
          data={data}
          value={picked}
          onChange={(ids) => {
            const known = Object.fromEntries(data.map((d) => [d.value, d.label]));
            setLabels((current) => ({ ...current, ...known }));
            setPicked(ids);
          }}
          nothingFoundMessage={candidates.isFetching ? t('groups.members.searching') : t('groups.members.noCustomers')}
          data-testid="member-picker"
        />
        <Button
          leftSection={<IconUserPlus size={16} />}
          disabled={picked.length === 0}
          loading={add.isPending}
          onClick={() => void submit()}
          data-testid="member-add"
        >
          {t('groups.members.addButton')}
        </Button>
      </Group>
      {error && (
        <Text size="sm" c="red" role="alert" data-testid="member-error">
          {error}
        </Text>
      )}
    </Stack>
  );
}

/** The audience of a group: members with add/remove (static), or the customers the rules select (segment). */
export function MembersPanel({ group, canEdit }: { group: CustomerGroup; canEdit: boolean }) {
  const { t } = useTranslation();
  const [search, setSearch] = useState('');
  const [debounced] = useDebouncedValue(search.trim(), 300);
  const [page, setPage] = useState(1);
  const [selected, setSelected] = useState<number[]>([]);
  const members = useMembers(group.id, { page, limit: LIMIT, search: debounced || undefined });
  const { remove } = useChangeMembers(group.id);
  const editable = canEdit && group.type === 'static';
  const phone = usePhone();

  async function removeSelected() {
    const res = await remove.mutateAsync(selected);
    setSelected([]);
    showSuccessToast('groups.members.removed', { count: res.removed });
  }

  const body = (
    <QueryState
      query={members}
      empty={(data) => data.items.length === 0}
      emptyText={t(debounced ? 'groups.members.noMatch' : 'groups.members.empty')}
    >
      {(data) => (
        <>
          {phone ? (
            <ListCards
              items={data.items}
              itemKey={(m) => m.id}
              label={t('groups.members.title')}
              testId="member-cards"
              rowTestId="member-row"
              leading={(m) =>
                editable && (
                  <Checkbox
                    aria-label={fullName(m)}
                    checked={selected.includes(m.id)}
                    onChange={(e) => setSelected((s) => (e.currentTarget.checked ? [...s, m.id] : s.filter((x) => x !== m.id)))}
                  />
                )
              }
              title={(m) => <bdi>{fullName(m)}</bdi>}
              lines={(m) => [
                m.mobile_number && { label: t('groups.members.mobile'), value: <bdi dir="ltr">{m.mobile_number}</bdi> },
                m.email && { label: t('groups.members.email'), value: <bdi dir="ltr">{m.email}</bdi> },
                m.country && { label: t('groups.fields.country'), value: countryName(m.country) },
                group.type === 'static' && { label: t('groups.members.addedAt'), value: <Moment at={m.added_at} style="day" /> },
              ]}
            />
          ) : (
            <Table.ScrollContainer minWidth={600}>
              <Table verticalSpacing="xs" highlightOnHover data-testid="member-table">
                <Table.Thead>
                  <Table.Tr>
                    {editable && <Table.Th w={40} />}
                    <Table.Th>{t('groups.members.name')}</Table.Th>
                    <Table.Th>{t('groups.members.mobile')}</Table.Th>
                    <Table.Th>{t('groups.members.email')}</Table.Th>
                    <Table.Th>{t('groups.fields.country')}</Table.Th>
                    {group.type === 'static' && <Table.Th>{t('groups.members.addedAt')}</Table.Th>}
                  </Table.Tr>
                </Table.Thead>
                <Table.Tbody>
                  {data.items.map((m) => (
                    <Table.Tr key={m.id} data-testid="member-row">
                      {editable && (
                        <Table.Td>
                          <Checkbox
                            aria-label={fullName(m)}
                            checked={selected.includes(m.id)}
                            onChange={(e) => setSelected((s) => (e.currentTarget.checked ? [...s, m.id] : s.filter((x) => x !== m.id)))}
                          />
                        </Table.Td>
                      )}
                      <Table.Td>{fullName(m)}</Table.Td>
                      <Table.Td>
                        <span className="ltr-value" dir="ltr">
                          {m.mobile_number ?? '—'}
                        </span>
                      </Table.Td>
                      <Table.Td>{m.email ?? '—'}</Table.Td>
                      <Table.Td>{m.country ? countryName(m.country) : '—'}</Table.Td>
                      {group.type === 'static' && (
                        <Table.Td>
                          <Moment at={m.added_at} style="day" />
                        </Table.Td>
                      )}
                    </Table.Tr>
                  ))}
                </Table.Tbody>
              </Table>
            </Table.ScrollContainer>
          )}
          <ListFooter
            label={t('groups.members.total', { count: data.total })}
            testId="member-total"
            page={page}
            count={data.total}
            limit={LIMIT}
            onPage={setPage}
            inset={false}
          />
        </>
      )}
    </QueryState>
  );

  return (
    <Stack gap="md">
      {editable && <AddMembers groupId={group.id} />}
      <Group justify="space-between" align="flex-end">
        <TextInput
          leftSection={<IconSearch size={16} />}
          placeholder={t('groups.members.search')}
          aria-label={t('groups.members.search')}
          value={search}
          onChange={(e) => {
            setSearch(e.currentTarget.value);
            setPage(1);
          }}
          maw={360}
          flex={1}
          data-testid="member-search"
        />
        {editable && (
          <Button
            color="red"
            variant="light"
            leftSection={<IconUserMinus size={16} />}
            disabled={selected.length === 0}
            loading={remove.isPending}
            onClick={() => void removeSelected()}
            data-testid="member-remove"
          >
            {t('groups.members.remove', { count: selected.length })}
          </Button>
        )}
      </Group>
      {body}
    </Stack>
  );
}
