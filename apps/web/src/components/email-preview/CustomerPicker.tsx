import { Select } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { customerLabel, useCustomerSearch } from './customer-search.ts';

/** A searchable pick among the account's customers, whose values a preview fills in. */
export function CustomerPicker({
  value,
  onChange,
  testId = 'customer-picker',
}: {
  value: number | null;
  onChange: (id: number | null) => void;
  testId?: string;
}) {
  const { t } = useTranslation();
  const [search, setSearch] = useState('');
  const [debounced] = useDebouncedValue(search, 300);
  const customers = useCustomerSearch(debounced);
  return (
    <Select
      label={t('templates.preview.customer')}
      placeholder={t('templates.preview.customerPlaceholder')}
      searchable
      clearable
      disabled={customers.isError}
      data={(customers.data ?? []).map((c) => ({ value: String(c.id), label: customerLabel(c) }))}
      value={value === null ? null : String(value)}
      onChange={(v) => onChange(v ? Number(v) : null)}
      searchValue={search}
      onSearchChange={setSearch}
      filter={({ options }) => options}
      nothingFoundMessage={customers.isFetching ? t('templates.common.loading') : t('templates.preview.noCustomers')}
      style={{ flex: 1, minInlineSize: 200 }}
      data-testid={testId}
    />
  );
}
