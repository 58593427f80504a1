import { Group, Select, TextInput, type TextInputProps } from '@mantine/core';
import { IconSearch } from '@tabler/icons-react';
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { CountrySelect } from '../../../components/country/CountrySelect.tsx';
import { languageOptions } from '../../../lib/i18n.ts';
import { useGroupOptions } from '../api/get-group-options.ts';
import { type CustomerFilters, FILTER_LIMITS, filterProblem, parseConsent } from '../filters.ts';

const CONSENT_OPTIONS = ['email', 'sms', 'whatsapp'].flatMap((ch) => [`${ch}:true`, `${ch}:false`]);

/**
 * A text filter that passes on only values the list can take: while the text is too long it says
 * so at the field and the list keeps showing the last valid filter. It follows `value` when that
 * changes from outside (Back, a link to the same list).
 */
function FilterText({
  field,
  value,
  onValue,
  ...props
}: Omit<TextInputProps, 'value' | 'onChange' | 'error'> & { field: 'search' | 'tag'; value: string; onValue: (v: string) => void }) {
  const { t } = useTranslation();
  const [text, setText] = useState(value);
  const passed = useRef(value);
  useEffect(() => {
    if (value === passed.current) return;
    passed.current = value;
    setText(value);
  }, [value]);
  const problem = filterProblem(field, text);
  return (
    <TextInput
      {...props}
      value={text}
      error={problem ? t(problem, { max: FILTER_LIMITS[field] }) : undefined}
      onChange={(e) => {
        const next = e.currentTarget.value;
        setText(next);
        if (filterProblem(field, next)) return;
        passed.current = next;
        onValue(next);
      }}
    />
  );
}

/** Search box and filter controls (group, tag, consent, country, language, city) of the customer list. */
export function CustomerFilterBar({ value, onChange }: { value: CustomerFilters; onChange: (f: CustomerFilters) => void }) {
  const { t } = useTranslation();
  const groups = useGroupOptions();
  const set = (patch: Partial<CustomerFilters>) => onChange({ ...value, ...patch });
  return (
    <Group gap="sm" align="flex-start" wrap="wrap">
      <FilterText
        field="search"
        leftSection={<IconSearch size={16} />}
        label={t('customers.list.searchLabel')}
        placeholder={t('customers.list.search')}
        value={value.search ?? ''}
        onValue={(search) => set({ search })}
        data-testid="customer-search"
        w={260}
      />
      <Select
        label={t('customers.filters.group')}
        placeholder={t('customers.filters.any')}
        clearable
        searchable
        data={(groups.data ?? []).map((g) => ({ value: String(g.id), label: g.group_name }))}
        value={value.group ? String(value.group) : null}
        onChange={(v) => set({ group: v ? Number(v) : null })}
        data-testid="customer-filter-group"
        w={190}
      />
      <FilterText
        field="tag"
        label={t('customers.filters.tag')}
        placeholder={t('customers.filters.any')}
        value={value.tag ?? ''}
        onValue={(tag) => set({ tag })}
        data-testid="customer-filter-tag"
        w={150}
      />
      <Select
        label={t('customers.filters.consent')}
        placeholder={t('customers.filters.any')}
        clearable
        data={CONSENT_OPTIONS.map((v) => {
          const [ch, granted] = v.split(':');
          return { value: v, label: t(`customers.filters.consentOption.${granted}`, { channel: t(`customers.consent.${ch}`) }) };
        })}
        value={value.consent ? `${value.consent.channel}:${value.consent.granted}` : null}
        onChange={(v) => set({ consent: parseConsent(v) })}
        data-testid="customer-filter-consent"
        w={210}
      />
      <CountrySelect
        label={t('customers.filters.country')}
        placeholder={t('customers.filters.any')}
        value={value.country ?? null}
        onChange={(country) => set({ country: country ?? '' })}
        data-testid="customer-filter-country"
        w={200}
      />
      <Select
        label={t('customers.filters.language')}
        placeholder={t('customers.filters.any')}
        clearable
        data={languageOptions()}
        value={value.language ?? null}
        onChange={(language) => set({ language: language ?? undefined })}
        data-testid="customer-filter-language"
        w={150}
      />
      <TextInput
        label={t('customers.filters.city')}
        placeholder={t('customers.filters.any')}
        value={value.city ?? ''}
        maxLength={100}
        onChange={(e) => set({ city: e.currentTarget.value })}
        data-testid="customer-filter-city"
        w={150}
      />
    </Group>
  );
}
