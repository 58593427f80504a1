import { Badge, Button, Card, Group, Modal, Stack, Table, Text } from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import type { WebhookDelivery } from '@risala/shared/schemas/webhooks';
import { IconRefresh } from '@tabler/icons-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { QueryState } from '../../components/page/QueryState.tsx';
import { Moment } from '../../components/time/Moment.tsx';
import { showSuccessToast } from '../../lib/toast.ts';
import { useDeliveries, useResendDelivery } from './api.ts';

const COLORS = { pending: 'yellow', sending: 'blue', delivered: 'green', failed: 'red' } as const;

/** An endpoint's deliveries, newest first: status, attempts, the last answer, the next retry, Re-send. */
export function DeliveriesModal({ id, url, canResend, onClose }: { id: number; url: string; canResend: boolean; onClose: () => void }) {
  const { t } = useTranslation();
  const phone = useMediaQuery('(max-width: 48em)');
  const [limit, setLimit] = useState(20);
  const list = useDeliveries(id, limit);
  const resend = useResendDelivery();

  const status = (d: WebhookDelivery) => (
    <Badge variant="light" color={COLORS[d.status]} style={{ flexShrink: 0, overflow: 'visible' }} data-testid="delivery-status">
      {t(`webhooks.deliveries.states.${d.status}`)}
    </Badge>
  );
  const last = (d: WebhookDelivery) => {
    const a = d.last_attempts[0];
    if (!a) return '—';
    return (
      <Text size="xs" dir="ltr" style={{ wordBreak: 'break-word' }}>
        {a.status_code ?? t('webhooks.deliveries.noResponse')} · {a.duration_ms} ms{a.error ? ` · ${a.error.slice(0, 80)}` : ''}
      </Text>
    );
  };
  const next = (d: WebhookDelivery) => (d.next_attempt_at ? <Moment at={d.next_attempt_at} style="precise" /> : '—');
  const resendButton = (d: WebhookDelivery) =>
    canResend &&
    d.status !== 'sending' && (
      <Button
        size="xs"
        variant="light"
        leftSection={<IconRefresh size={14} />}
        loading={resend.isPending && resend.variables?.deliveryId === d.id}
        onClick={async () => {
          await resend.mutateAsync({ id, deliveryId: d.id });
          await list.refetch();
          showSuccessToast('webhooks.deliveries.resent');
        }}
        data-testid="delivery-resend"
      >
        {t('webhooks.deliveries.resend')}
      </Button>
    );

  return (
    <Modal opened onClose={onClose} title={t('webhooks.deliveries.title', { url })} size="72rem" fullScreen={phone} centered>
      <QueryState query={list} empty={(d) => d.items.length === 0} emptyText={t('webhooks.deliveries.empty')}>
        {(d) => (
          <Stack gap="xs" data-testid="deliveries">
            {phone ? (
              d.items.map((x) => (
                <Card key={x.id} withBorder radius="md" padding="sm" data-testid="delivery-row">
                  <Group justify="space-between" wrap="nowrap">
                    <Text size="sm" fw={600}>
                      {t(`webhooks.events.${x.event}`, { defaultValue: x.event })}
                    </Text>
                    {status(x)}
                  </Group>
                  <Text size="xs" c="dimmed">
                    <Moment at={x.created_at} /> · {t('webhooks.deliveries.attempts')}: {x.attempts}
                  </Text>
                  {last(x)}
                  {x.next_attempt_at && (
                    <Text size="xs">
                      {t('webhooks.deliveries.nextRetry')}: {next(x)}
                    </Text>
                  )}
                  <Group justify="flex-end">{resendButton(x)}</Group>
                </Card>
              ))
            ) : (
              <Table.ScrollContainer minWidth={900}>
                <Table verticalSpacing="xs">
                  <Table.Thead>
                    <Table.Tr>
                      <Table.Th>{t('webhooks.deliveries.event')}</Table.Th>
                      <Table.Th>{t('webhooks.deliveries.status')}</Table.Th>
                      <Table.Th>{t('webhooks.deliveries.attempts')}</Table.Th>
                      <Table.Th>{t('webhooks.deliveries.lastAttempt')}</Table.Th>
                      <Table.Th>{t('webhooks.deliveries.nextRetry')}</Table.Th>
                      <Table.Th>{t('webhooks.deliveries.created')}</Table.Th>
                      <Table.Th />
                    </Table.Tr>
                  </Table.Thead>
                  <Table.Tbody>
                    {d.items.map((x) => (
                      <Table.Tr key={x.id} data-testid="delivery-row">
                        <Table.Td>{t(`webhooks.events.${x.event}`, { defaultValue: x.event })}</Table.Td>
                        <Table.Td>{status(x)}</Table.Td>
                        <Table.Td>{x.attempts}</Table.Td>
                        <Table.Td>{last(x)}</Table.Td>
                        <Table.Td>{next(x)}</Table.Td>
                        <Table.Td>
                          <Moment at={x.created_at} />
                        </Table.Td>
                        <Table.Td>{resendButton(x)}</Table.Td>
                      </Table.Tr>
                    ))}
                  </Table.Tbody>
                </Table>
              </Table.ScrollContainer>
            )}
            {d.total > d.items.length && (
              <Button variant="subtle" onClick={() => setLimit((l) => Math.min(100, l + 20))} disabled={limit >= 100}>
                {t('webhooks.deliveries.more')}
              </Button>
            )}
          </Stack>
        )}
      </QueryState>
    </Modal>
  );
}
