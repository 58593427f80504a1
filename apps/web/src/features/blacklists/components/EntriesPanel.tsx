import { ActionIcon, Alert, Button, FileButton, Group, List, Select, Stack, Table, Text, TextInput } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { addEntriesSchema, type BlacklistImportReport, ENTRY_KINDS, type EntryKind } from '@risala/shared/schemas/blacklists';
import { IconFileImport, IconPlus, IconSearch, IconTrash } from '@tabler/icons-react';
import { type FormEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ListFooter } from '../../../components/page/ListFooter.tsx';
import { QueryState } from '../../../components/page/QueryState.tsx';
import { isApiError } from '../../../lib/http.ts';
import { translateMessage } from '../../../lib/i18n.ts';
import { showSuccessToast } from '../../../lib/toast.ts';
import { useEntries, useEntryMutations } from '../api/entries.ts';
import { Moment } from '../../../components/time/Moment.tsx';

const LIMIT = 20;

/** Add one entry: a number (E.164), a prefix or a keyword. */
function AddEntry({ blacklistId }: { blacklistId: number }) {
  const { t } = useTranslation();
  const [kind, setKind] = useState<EntryKind>('number');
  const [value, setValue] = useState('');
  const [error, setError] = useState<string>();
  const { add } = useEntryMutations(blacklistId);

  async function submit(event: FormEvent) {
    event.preventDefault();
    const parsed = addEntriesSchema.safeParse({ entries: [{ kind, value }] });
    if (!parsed.success) {
      setError(translateMessage(parsed.error.issues[0]?.message));
      return;
    }
    setError(undefined);
    try {
      await add.mutateAsync(parsed.data.entries);
      setValue('');
      showSuccessToast('blacklists.entries.added');
    } catch (err) {
      setError(isApiError(err) ? (err.errors?.[0]?.message ?? err.message) : String(err));
    }
  }

  return (
    <form onSubmit={submit} noValidate>
      <Group align="flex-start" gap="sm">
        <Select
          w={150}
          aria-label={t('blacklists.entries.kind')}
          value={kind}
          allowDeselect={false}
          onChange={(v) => v && setKind(v as EntryKind)}
          data={ENTRY_KINDS.map((k) => ({ value: k, label: t(`blacklists.kinds.${k}`) }))}
          data-testid="entry-kind"
        />
        <TextInput
          flex={1}
          maw={320}
          aria-label={t('blacklists.entries.value')}
          placeholder={t(`blacklists.entries.placeholder.${kind}`)}
          value={value}
          error={error}
          onChange={(e) => setValue(e.currentTarget.value)}
          data-testid="entry-value"
        />
        <Button type="submit" leftSection={<IconPlus size={16} />} loading={add.isPending} data-testid="entry-add">
          {t('blacklists.entries.add')}
        </Button>
      </Group>
    </form>
  );
}

/** Import numbers from a CSV/TXT file and show what was added and which lines were invalid. */
function ImportNumbers({ blacklistId }: { blacklistId: number }) {
  const { t } = useTranslation();
  const { importFile } = useEntryMutations(blacklistId);
  const [report, setReport] = useState<BlacklistImportReport | null>(null);
  const [error, setError] = useState<string>();

  async function upload(file: File | null) {
    if (!file) return;
    setError(undefined);
    setReport(null);
    try {
      setReport(await importFile.mutateAsync(file));
    } catch (err) {
      setError(isApiError(err) ? err.message : String(err));
    }
  }

  return (
    <Stack gap="xs">
      <Group gap="sm">
        <FileButton onChange={(f) => void upload(f)} accept=".csv,.txt,text/csv,text/plain">
          {(props) => (
            <Button
              {...props}
              variant="light"
              leftSection={<IconFileImport size={16} />}
              loading={importFile.isPending}
              data-testid="entry-import"
            >
              {t('blacklists.import.button')}
            </Button>
          )}
        </FileButton>
        <Text size="xs" c="dimmed">
          {t('blacklists.import.hint')}
        </Text>
      </Group>
      {error && (
        <Alert color="red" role="alert">
          {error}
        </Alert>
      )}
      {report && (
        <Alert color={report.invalid_count ? 'yellow' : 'green'} title={t('blacklists.import.done')} data-testid="import-report">
          <Text size="sm">
            {t('blacklists.import.summary', {
              total: report.total,
              added: report.added,
              duplicates: report.duplicates,
              invalid: report.invalid_count,
            })}
          </Text>
          {report.invalid.length > 0 && (
            <List size="xs" mt="xs" spacing={2} mah={160} style={{ overflowY: 'auto' }}>
              {report.invalid.map((r) => (
                <List.Item key={r.line}>
                  {t('blacklists.import.line', { line: r.line })}: <span dir="auto">{r.value}</span> — {r.message}
                </List.Item>
              ))}
            </List>
          )}
        </Alert>
      )}
    </Stack>
  );
}

/** The entries of a blacklist: search, kind filter, paging, add, import and remove. */
export function EntriesPanel({ blacklistId, canEdit }: { blacklistId: number; canEdit: boolean }) {
  const { t } = useTranslation();
  const [search, setSearch] = useState('');
  const [debounced] = useDebouncedValue(search.trim(), 300);
  const [kind, setKind] = useState<EntryKind | null>(null);
  const [page, setPage] = useState(1);
  const entries = useEntries(blacklistId, { page, limit: LIMIT, search: debounced || undefined, kind: kind ?? undefined });
  const { remove } = useEntryMutations(blacklistId);

  const body = (
    <QueryState
      query={entries}
      empty={(data) => data.items.length === 0}
      emptyText={t(debounced || kind ? 'blacklists.entries.noMatch' : 'blacklists.entries.empty')}
    >
      {(data) => (
        <>
          <Table verticalSpacing="xs" highlightOnHover data-testid="entry-table">
            <Table.Thead>
              <Table.Tr>
                <Table.Th>{t('blacklists.entries.kind')}</Table.Th>
                <Table.Th>{t('blacklists.entries.value')}</Table.Th>
                <Table.Th>{t('blacklists.fields.created_at')}</Table.Th>
                {canEdit && <Table.Th w={48} />}
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {data.items.map((e) => (
                <Table.Tr key={e.id} data-testid="entry-row">
                  <Table.Td>{t(`blacklists.kinds.${e.kind}`)}</Table.Td>
                  <Table.Td>
                    <Text span dir={e.kind === 'keyword' ? 'auto' : 'ltr'} ff={e.kind === 'keyword' ? undefined : 'monospace'}>
                      {e.value}
                    </Text>
                  </Table.Td>
                  <Table.Td>
                    <Moment at={e.created_at} style="day" />
                  </Table.Td>
                  {canEdit && (
                    <Table.Td>
                      <ActionIcon
                        variant="subtle"
                        color="red"
                        aria-label={t('blacklists.entries.remove')}
                        loading={remove.isPending && remove.variables === e.id}
                        onClick={() => remove.mutate(e.id)}
                        data-testid="entry-remove"
                      >
                        <IconTrash size={16} />
                      </ActionIcon>
                    </Table.Td>
                  )}
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
          <ListFooter
            label={t('blacklists.entries.total', { count: data.total })}
            testId="entry-total"
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
      {canEdit && <AddEntry blacklistId={blacklistId} />}
      {canEdit && <ImportNumbers blacklistId={blacklistId} />}
      <Group gap="sm">
        <TextInput
          leftSection={<IconSearch size={16} />}
          placeholder={t('blacklists.entries.search')}
          aria-label={t('blacklists.entries.search')}
          value={search}
          onChange={(e) => {
            setSearch(e.currentTarget.value);
            setPage(1);
          }}
          maw={320}
          flex={1}
          data-testid="entry-search"
        />
        <Select
          clearable
          placeholder={t('blacklists.entries.allKinds')}
          aria-label={t('blacklists.entries.kind')}
          value={kind}
          w={160}
          onChange={(v) => {
            setKind(v as EntryKind | null);
            setPage(1);
          }}
          data={ENTRY_KINDS.map((k) => ({ value: k, label: t(`blacklists.kinds.${k}`) }))}
        />
      </Group>
      {body}
    </Stack>
  );
}
