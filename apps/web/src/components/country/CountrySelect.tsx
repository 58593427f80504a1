import { type ComboboxItem, type OptionsFilter, Select, type SelectProps } from '@mantine/core';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { type CountryOption, countryOptions, matchCountry } from '../../lib/countries.ts';

/** Names and codes both find a country; a typed code ("SA") puts its country first. */
const filter: OptionsFilter = ({ options, search }) => {
  const items = options as ComboboxItem[];
  const code = search.trim().toUpperCase();
  const found = items.filter((o) => matchCountry(o as CountryOption, search));
  const exact = found.filter((o) => o.value === code);
  return exact.length ? [...exact, ...found.filter((o) => o.value !== code)] : found;
};

/**
 * A searchable country picker, named in the interface language; its value is the ISO code
 * ("SA"), so only a real country can be chosen.
 */
export function CountrySelect({
  value,
  onChange,
  ...props
}: Omit<SelectProps, 'data' | 'value' | 'onChange'> & {
  value: string | null;
  onChange: (code: string | null) => void;
}) {
  const { i18n } = useTranslation();
  const data = useMemo(() => countryOptions(i18n.language), [i18n.language]);
  return (
    <Select
      searchable
      clearable
      data={data}
      filter={filter}
      limit={300}
      value={value || null}
      onChange={(code) => onChange(code)}
      {...props}
    />
  );
}
