import { MultiSelect, SimpleGrid, Stack, Text, Textarea } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { type CustomerOption, useCustomerSearch, useGroupOptions } from '../api/get-send-options.ts';
import { parseAddresses } from '../compose.ts';
import { isolate } from '../../../lib/i18n.ts';
import { useAccountCountry } from '../../../lib/session.ts';

/** Which addresses can be typed: phone numbers (SMS, WhatsApp) or email addresses. */
export type AddressKind = 'phone' | 'email';

export interface RecipientsDraft {
  /** typed addresses as written (numbers or emails, by the screen's kind) */
  numbers: string;
  customerIds: string[];
  groupIds: string[];
  /** the account's country, in which numbers typed without a country code are read */
  country?: string | null;
}

export const emptyRecipients: RecipientsDraft = { numbers: '', customerIds: [], groupIds: [] };

/** The API's recipients object for a draft (typed addresses already validated and normalised). */
export function toRecipients(d: RecipientsDraft, kind: AddressKind = 'phone') {
  const typed = parseAddresses(kind, d.numbers, d.country).valid;
  return {
    numbers: kind === 'phone' ? typed : [],
    emails: kind === 'email' ? typed : [],
    customer_ids: d.customerIds.map(Number),
    group_ids: d.groupIds.map(Number),
  };
}

export const hasRecipients = (d: RecipientsDraft, kind: AddressKind = 'phone') =>
  parseAddresses(kind, d.numbers, d.country).valid.length + d.customerIds.length + d.groupIds.length > 0;

/**
 * A customer as the channel reaches them: name · number, or name · email. Both parts isolated, so
 * an Arabic page reads them in its own order (name first) whatever script the name is in.
 */
const customerLabel = (c: CustomerOption, kind: AddressKind) => {
  const address = kind === 'email' ? c.email : c.mobile_number;
  const name = [c.first_name, c.last_name].filter(Boolean).join(' ');
  return [name && isolate(name), address && isolate(address)].filter(Boolean).join(' · ') || `#${c.id}`;
};

/** Recipients as typed numbers (or emails), customers (searched on the server) and groups. */
export function RecipientsPicker({
  value,
  onChange,
  kind = 'phone',
}: {
  value: RecipientsDraft;
  onChange: (d: RecipientsDraft) => void;
  kind?: AddressKind;
}) {
  const { t } = useTranslation();
  const [search, setSearch] = useState('');
  const [debounced] = useDebouncedValue(search.trim(), 300);
  const customers = useCustomerSearch(debounced);
  const groups = useGroupOptions();
  // labels of customers picked earlier stay known when the search moves on
  const [known, setKnown] = useState<Record<string, string>>({});
  const found = (customers.data ?? []).map((c) => ({ value: String(c.id), label: customerLabel(c, kind) }));
  const customerData = [
    ...value.customerIds.filter((id) => !found.some((f) => f.value === id)).map((id) => ({ value: id, label: known[id] ?? `#${id}` })),
    ...found,
  ];
  const country = useAccountCountry();
  const parsed = parseAddresses(kind, value.numbers, country);
  const email = kind === 'email';

  return (
    <Stack gap="sm">
      <Textarea
        label={t(email ? 'messages.compose.emails' : 'messages.compose.numbers')}
        description={t(email ? 'messages.compose.emailsHint' : 'messages.compose.numbersHint')}
        placeholder={email ? 'name@example.com' : '+966501234567'}
        autosize
        minRows={2}
        maxRows={6}
        value={value.numbers}
        onChange={(e) => onChange({ ...value, numbers: e.currentTarget.value, country })}
        error={
          parsed.invalid.length
            ? t(email ? 'messages.compose.invalidEmails' : 'messages.compose.invalidNumbers', {
                list: parsed.invalid.slice(0, 5).map(isolate).join(', '),
                count: parsed.invalid.length,
              })
            : undefined
        }
        dir="ltr"
        data-testid={email ? 'compose-emails' : 'compose-numbers'}
      />
      {parsed.valid.length > 0 && (
        <Text size="xs" c="dimmed" data-testid={email ? 'compose-emails-count' : 'compose-numbers-count'}>
          {t(email ? 'messages.compose.validEmails' : 'messages.compose.validNumbers', { count: parsed.valid.length })}
        </Text>
      )}
      {/* a number typed without its country code: which number it became */}
      {parsed.read.length > 0 && (
        <Text size="xs" c="dimmed" data-testid="compose-numbers-read">
          {t('messages.compose.readAs')}{' '}
          {parsed.read.slice(0, 3).map((r, n) => (
            <span key={r.typed}>
              {n > 0 && ', '}
              {/* each number left to right on its own; the arrow, the language's, points from what was typed to what it became */}
              <bdi dir="ltr">{r.typed}</bdi> {t('messages.compose.becomes')} <bdi dir="ltr">{r.as}</bdi>
            </span>
          ))}
        </Text>
      )}
      {/* one above the other on a phone, where side by side leaves a chosen name a few letters */}
      <SimpleGrid cols={{ base: 1, xs: 2 }} spacing="md">
        <MultiSelect
          label={t('messages.compose.customers')}
          placeholder={t('messages.compose.customersPlaceholder')}
          data={customerData}
          value={value.customerIds}
          onChange={(ids) => {
            setKnown((k) => ({ ...k, ...Object.fromEntries(found.filter((f) => ids.includes(f.value)).map((f) => [f.value, f.label])) }));
            onChange({ ...value, customerIds: ids });
          }}
          searchable
          searchValue={search}
          onSearchChange={setSearch}
          filter={({ options }) => options}
          nothingFoundMessage={t('messages.compose.nothingFound')}
          clearable
          data-testid="compose-customers"
        />
        <MultiSelect
          label={t('messages.compose.groups')}
          placeholder={t('messages.compose.groupsPlaceholder')}
          data={(groups.data ?? []).map((g) => ({
            value: String(g.id),
            label: t('messages.compose.groupOption', { name: g.group_name, count: g.contacts_count ?? 0 }),
          }))}
          value={value.groupIds}
          onChange={(ids) => onChange({ ...value, groupIds: ids })}
          searchable
          nothingFoundMessage={t('messages.compose.nothingFound')}
          clearable
          data-testid="compose-groups"
        />
      </SimpleGrid>
    </Stack>
  );
}
