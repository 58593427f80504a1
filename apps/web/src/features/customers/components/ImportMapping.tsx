import { Alert, Button, Group, Radio, ScrollArea, Select, SimpleGrid, Stack, Table, Text } from '@mantine/core';
import { IMPORT_FIELDS, type ImportUpload } from '@risala/shared/schemas/customers';
import { useTranslation } from 'react-i18next';
import { CountrySelect } from '../../../components/country/CountrySelect.tsx';
import { isApiError } from '../../../lib/http.ts';
import { intlLocale } from '../../../lib/i18n.ts';
import { useSingleFlight } from '../../../lib/single-flight.ts';
import { useGroupOptions } from '../api/get-group-options.ts';
import { useStartImport } from '../api/imports.ts';
import { consentAll, consentReady, ImportConsent, type ConsentState } from './ImportConsent.tsx';

/** The fields of the column grid; consent has its own section. */
const GRID_FIELDS = IMPORT_FIELDS.filter((f) => !f.startsWith('consent_'));

/** A number, sign and separators only (a phone number, an amount): always laid out left to right. */
const LTR_CELL = /^[+\d\s().\-/:,]+$/;

/** A preview cell isolated from the table's direction: numbers left to right, text by its own letters. */
function Cell({ text }: { text: string }) {
  return <bdi dir={LTR_CELL.test(text) ? 'ltr' : 'auto'}>{text}</bdi>;
}

export interface MappingState {
  /** customer field → file column */
  fields: Record<string, string>;
  mode: 'insert' | 'upsert';
  defaultCountry: string | null;
  groupId: number | null;
  consent: ConsentState;
}

/** Step 2: map file columns to customer fields, check the first rows, choose the mode, start. */
export function ImportMapping(props: {
  upload: ImportUpload;
  value: MappingState;
  onChange: (v: MappingState) => void;
  onBack: () => void;
  onStarted: (id: number) => void;
}) {
  const { t } = useTranslation();
  const { upload, value } = props;
  const start = useStartImport();
  const once = useSingleFlight();
  const groups = useGroupOptions();
  const set = (patch: Partial<MappingState>) => props.onChange({ ...value, ...patch });
  const columnOptions = upload.columns.map((c) => ({ value: c, label: c }));
  const hasContact = Boolean(value.fields.mobile_number || value.fields.email);
  const ready = hasContact && consentReady(value.consent, value.fields);
  const mapField = (field: string, col: string | null) => {
    const fields = { ...value.fields };
    if (col) fields[field] = col;
    else delete fields[field];
    set({ fields });
  };

  // one start per click (a double-click sent two; the second was refused and the page stayed here)
  const submit = () =>
    once((done) =>
      start.mutate(
        {
          id: upload.id,
          config: {
            mapping: value.fields,
            mode: value.mode,
            default_country: value.defaultCountry || null,
            add_to_group_id: value.groupId,
            consent_all: consentAll(value.consent),
            consent_confirmed: value.consent.confirmed,
          },
        },
        { onSuccess: (job) => props.onStarted(job.id), onSettled: done },
      ),
    );

  return (
    <Stack>
      <Text fw={600}>
        {t('customers.import.mappingTitle', { count: upload.total_rows, formatted: upload.total_rows.toLocaleString(intlLocale()) })}
      </Text>
      <SimpleGrid cols={{ base: 1, sm: 2, md: 3 }}>
        {GRID_FIELDS.map((field) => (
          <Select
            key={field}
            label={t(`customers.fields.${field}`)}
            placeholder={t('customers.import.skip')}
            data={columnOptions}
            value={value.fields[field] ?? null}
            clearable
            onChange={(col) => mapField(field, col)}
            data-testid={`import-map-${field}`}
          />
        ))}
      </SimpleGrid>
      {!hasContact && (
        <Alert color="yellow" variant="light">
          {t('customers.import.needContact')}
        </Alert>
      )}
      <ImportConsent
        value={value.consent}
        onChange={(consent, unmap) => {
          const fields = { ...value.fields };
          if (unmap) delete fields[`consent_${unmap}`];
          set({ consent, fields });
        }}
        columns={columnOptions}
        mapping={value.fields}
        onMap={(ch, col) => mapField(`consent_${ch}`, col)}
      />
      <Text fw={600}>{t('customers.import.preview')}</Text>
      <ScrollArea>
        <Table withTableBorder striped data-testid="import-preview">
          <Table.Thead>
            <Table.Tr>
              {upload.columns.map((c) => (
                <Table.Th key={c}>
                  <Cell text={c} />
                </Table.Th>
              ))}
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {upload.preview.map((row, i) => (
              <Table.Tr key={i}>
                {upload.columns.map((c, j) => (
                  <Table.Td key={c}>
                    <Cell text={row[j] ?? ''} />
                  </Table.Td>
                ))}
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      </ScrollArea>
      <Group align="flex-end" gap="xl" wrap="wrap">
        <Radio.Group
          label={t('customers.import.mode')}
          value={value.mode}
          onChange={(m) => set({ mode: m === 'upsert' ? 'upsert' : 'insert' })}
        >
          <Group mt="xs">
            <Radio value="insert" label={t('customers.import.modes.insert')} data-testid="import-mode-insert" />
            <Radio value="upsert" label={t('customers.import.modes.upsert')} data-testid="import-mode-upsert" />
          </Group>
        </Radio.Group>
        <CountrySelect
          label={t('customers.import.defaultCountry')}
          description={t('customers.import.defaultCountryHint')}
          w={260}
          value={value.defaultCountry}
          onChange={(defaultCountry) => set({ defaultCountry })}
          data-testid="import-default-country"
        />
        <Select
          label={t('customers.import.addToGroup')}
          placeholder={t('customers.import.noGroup')}
          clearable
          w={240}
          data={(groups.data ?? []).filter((g) => g.type === 'static').map((g) => ({ value: String(g.id), label: g.group_name }))}
          value={value.groupId ? String(value.groupId) : null}
          onChange={(v) => set({ groupId: v ? Number(v) : null })}
          data-testid="import-group"
        />
      </Group>
      {start.isError && (
        <Alert color="red" variant="light" data-testid="import-start-error">
          {isApiError(start.error) ? start.error.message : t('common.loadFailed')}
        </Alert>
      )}
      <Group justify="space-between">
        <Button variant="default" onClick={props.onBack}>
          {t('customers.import.otherFile')}
        </Button>
        <Button onClick={submit} loading={start.isPending} disabled={!ready} data-testid="import-start">
          {t('customers.import.start')}
        </Button>
      </Group>
    </Stack>
  );
}
