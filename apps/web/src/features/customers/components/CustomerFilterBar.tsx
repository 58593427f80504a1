import { Group, Select, TextInput } from '@mantine/core';
import { IconSearch } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { useGroupOptions } from '../api/get-group-options.ts';
import { type CustomerFilters, parseConsent } from '../filters.ts';

const CONSENT_OPTIONS = ['email', 'sms', 'whatsapp'].flatMap((ch) => [`${ch}:true`, `${ch}:false`]);

/** Search box and filter controls (group, tag, consent, country) of the customer list. */
export function CustomerFilterBar({ value, onChange }: { value: CustomerFilters; onChange: (f: CustomerFilters) => void }) {
  const { t } = useTranslation();
  const groups = useGroupOptions();
  const set = (patch: Partial<CustomerFilters>) => onChange({ ...value, ...patch });
  return (
    <Group gap="sm" align="flex-end" wrap="wrap">
      <TextInput
        leftSection={<IconSearch size={16} />}
        placeholder={t('customers.list.search')}
        aria-label={t('customers.list.search')}
        value={value.search ?? ''}
        onChange={(e) => set({ search: e.currentTarget.value })}
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
      <TextInput
        label={t('customers.filters.tag')}
        placeholder={t('customers.filters.any')}
        value={value.tag ?? ''}
        onChange={(e) => set({ tag: e.currentTarget.value })}
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
      <TextInput
        label={t('customers.filters.country')}
        placeholder="SA"
        maxLength={2}
        value={value.country ?? ''}
        onChange={(e) => set({ country: e.currentTarget.value.toUpperCase() })}
        data-testid="customer-filter-country"
        w={90}
      />
    </Group>
  );
}
