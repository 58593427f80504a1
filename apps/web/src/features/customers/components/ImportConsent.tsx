import { Alert, Checkbox, Group, Paper, SegmentedControl, Select, Stack, Text } from '@mantine/core';
import { CONSENT_CHANNELS, type ConsentChannel } from '@risala/shared/schemas/customers';
import { useTranslation } from 'react-i18next';

/** Where a channel's consent comes from: a column of the file, the importer's word for everyone, or nowhere. */
export type ConsentSource = 'column' | 'all' | 'none';

export interface ConsentState {
  /** null: not chosen yet (the import cannot start until every channel is) */
  sources: Record<ConsentChannel, ConsentSource | null>;
  /** "I have their permission", required with any 'all' */
  confirmed: boolean;
}

/** The consent choice a file's suggested mapping implies: its consent columns, nothing else decided. */
export function initialConsent(mapping: Record<string, string>): ConsentState {
  const sources = Object.fromEntries(
    CONSENT_CHANNELS.map((ch) => [ch, mapping[`consent_${ch}`] ? 'column' : null]),
  ) as ConsentState['sources'];
  return { sources, confirmed: false };
}

/** Every channel chosen (a column picked where it comes from one), and "everyone consented" vouched for. */
export function consentReady(c: ConsentState, mapping: Record<string, string>): boolean {
  const chosen = CONSENT_CHANNELS.every(
    (ch) => c.sources[ch] !== null && (c.sources[ch] !== 'column' || Boolean(mapping[`consent_${ch}`])),
  );
  return chosen && (!Object.values(c.sources).includes('all') || c.confirmed);
}

/** The channels everyone in the file consented to, as the import's config says it. */
export const consentAll = (c: ConsentState) => CONSENT_CHANNELS.filter((ch) => c.sources[ch] === 'all');

/**
 * Consent asked for explicitly, channel by channel: an import that said nothing
 * left thousands of customers nobody could message. Each channel takes a column, "everyone in the
 * file consented" (with the importer's checkbox, kept in the audit log), or "not consented" — with
 * a warning when that leaves the whole file unreachable.
 */
export function ImportConsent({
  value,
  onChange,
  columns,
  mapping,
  onMap,
}: {
  value: ConsentState;
  /** `unmap`: the channel whose consent column is no longer used */
  onChange: (v: ConsentState, unmap?: ConsentChannel) => void;
  columns: { value: string; label: string }[];
  mapping: Record<string, string>;
  onMap: (channel: ConsentChannel, column: string | null) => void;
}) {
  const { t } = useTranslation();
  const setSource = (ch: ConsentChannel, source: ConsentSource) => {
    const next = { ...value, sources: { ...value.sources, [ch]: source } };
    // one update: a channel no longer read from a column drops its column
    if (source === 'column') onChange(next);
    else onChange(next, ch);
  };
  const sources = Object.values(value.sources);
  const anyAll = sources.includes('all');
  const nobody = sources.every((s) => s === 'none');
  return (
    <Paper withBorder p="md" radius="md" data-testid="import-consent">
      <Stack gap="sm">
        <div>
          <Text fw={600}>{t('customers.import.consent.title')}</Text>
          <Text size="sm" c="dimmed">
            {t('customers.import.consent.hint')}
          </Text>
        </div>
        {CONSENT_CHANNELS.map((ch) => (
          <Group key={ch} gap="sm" align="flex-end" wrap="wrap">
            <Stack gap={4}>
              <Text size="sm" fw={500} id={`consent-${ch}-label`}>
                {t(`customers.fields.consent_${ch}`)}
              </Text>
              <SegmentedControl
                aria-labelledby={`consent-${ch}-label`}
                value={value.sources[ch] ?? ''}
                onChange={(v) => setSource(ch, v as ConsentSource)}
                data={[
                  { value: 'column', label: t('customers.import.consent.column') },
                  { value: 'all', label: t('customers.import.consent.all') },
                  { value: 'none', label: t('customers.import.consent.none') },
                ]}
                data-testid={`import-consent-${ch}`}
                data-chosen={value.sources[ch] ?? ''}
              />
            </Stack>
            {value.sources[ch] === 'column' && (
              <Select
                aria-label={t(`customers.fields.consent_${ch}`)}
                placeholder={t('customers.import.consent.pickColumn')}
                data={columns}
                value={mapping[`consent_${ch}`] ?? null}
                onChange={(col) => onMap(ch, col)}
                w={220}
                error={mapping[`consent_${ch}`] ? undefined : t('customers.import.consent.pickColumn')}
                data-testid={`import-map-consent_${ch}`}
              />
            )}
          </Group>
        ))}
        {anyAll && (
          <Checkbox
            checked={value.confirmed}
            onChange={(e) => onChange({ ...value, confirmed: e.currentTarget.checked })}
            label={t('customers.import.consent.confirm')}
            description={t('customers.import.consent.confirmHint')}
            data-testid="import-consent-confirm"
          />
        )}
        {nobody && (
          <Alert color="yellow" variant="light" data-testid="import-consent-nobody">
            {t('customers.import.consent.nobody')}
          </Alert>
        )}
      </Stack>
    </Paper>
  );
}
