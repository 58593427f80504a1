import { Alert, Button, Group, Paper, Select, Stack, Text } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { LoadError } from '../../../components/page/LoadError.tsx';
import { customerLabel as label, useCustomerSearch } from '../../../components/email-preview/customer-search.ts';
import { EmailFrame } from '../../../components/email-preview/EmailFrame.tsx';
import { usePreviewTemplate } from '../api/preview-template.ts';
import { UserText } from '../../../components/text/UserText.tsx';

/** Renders the saved template for one chosen customer of the account. */
export function CustomerPreview({ id }: { id: number }) {
  const { t } = useTranslation();
  const [search, setSearch] = useState('');
  const [debounced] = useDebouncedValue(search, 300);
  const [customerId, setCustomerId] = useState<string | null>(null);
  const customers = useCustomerSearch(debounced);
  const preview = usePreviewTemplate();
  const unavailable = customers.isError;

  const options = (customers.data ?? []).map((c) => ({ value: String(c.id), label: label(c) }));
  return (
    <Stack gap="sm" data-testid="customer-preview">
      {unavailable && (
        <Alert variant="light" color="gray" p="xs" data-testid="customer-picker-unavailable">
          {t('templates.preview.customersUnavailable')}
        </Alert>
      )}
      <Group align="flex-end" gap="xs">
        <Select
          label={t('templates.preview.customer')}
          placeholder={t('templates.preview.customerPlaceholder')}
          searchable
          clearable
          disabled={unavailable}
          data={options}
          value={customerId}
          onChange={setCustomerId}
          searchValue={search}
          onSearchChange={setSearch}
          filter={({ options: all }) => all}
          nothingFoundMessage={customers.isFetching ? t('templates.common.loading') : t('templates.preview.noCustomers')}
          style={{ flex: 1, minInlineSize: 220 }}
          data-testid="customer-picker"
        />
        <Button
          variant="light"
          disabled={!customerId}
          loading={preview.isPending}
          onClick={() => customerId && preview.mutate({ id, customerId: Number(customerId) })}
          data-testid="customer-preview-render"
        >
          {t('templates.preview.render')}
        </Button>
      </Group>
      {preview.isError && <LoadError error={preview.error} />}
      {preview.data && (
        <Paper withBorder p="sm" radius="md" data-testid="customer-preview-result">
          {preview.data.html ? (
            <Stack gap="xs">
              <Text size="sm">
                <b>{t('templates.editor.subject')}:</b> <UserText>{preview.data.subject}</UserText>
              </Text>
              <EmailFrame html={preview.data.html} title={t('templates.preview.forCustomer', { name: preview.data.customer.name })} />
            </Stack>
          ) : (
            <Text size="sm" style={{ whiteSpace: 'pre-wrap' }} data-testid="customer-preview-text">
              {preview.data.text}
            </Text>
          )}
        </Paper>
      )}
    </Stack>
  );
}
