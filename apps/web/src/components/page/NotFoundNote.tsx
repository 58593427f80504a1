import { Paper, Stack, Text, Title } from '@mantine/core';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { isApiError } from '../../lib/http.ts';

/** The largest id the API takes (PostgreSQL integer): a longer number in an address is no record. */
const MAX_ID = 2_147_483_647;

/** A record id from the address (`/customer/42`), or null when it cannot name a record. */
export function routeId(param: string | undefined): number | null {
  if (!param || !/^\d{1,10}$/.test(param)) return null;
  const id = Number(param);
  return id > 0 && id <= MAX_ID ? id : null;
}

/** True when a query failed because the record does not exist (or is another account's). */
export function isNotFound(error: unknown): boolean {
  return isApiError(error) && error.statusCode === 404;
}

/**
 * The state of a detail page whose record does not exist (a wrong or stale address): says so,
 * with the page's way back — not a spinner, and not "check your connection".
 */
export function NotFoundNote({ text, back }: { text: string; back?: ReactNode }) {
  const { t } = useTranslation();
  return (
    <Stack gap="lg">
      {back}
      <Paper withBorder p="xl" radius="md" ta="center" data-testid="record-not-found">
        <Title order={1} size="h3" mb="xs">
          {t('common.notFoundTitle')}
        </Title>
        <Text c="dimmed">{text}</Text>
      </Paper>
    </Stack>
  );
}
