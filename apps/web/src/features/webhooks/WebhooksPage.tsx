import { ActionIcon, Badge, Button, Card, Group, Menu, Paper, Stack, Table, Text, Title } from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import { can } from '@risala/shared/permissions';
import type { Webhook } from '@risala/shared/schemas/webhooks';
import { IconDots, IconList, IconPlus, IconSend, IconWebhook } from '@tabler/icons-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { EmptyState } from '../../components/empty-state/EmptyState.tsx';
import { ConfirmModal } from '../../components/page/ConfirmModal.tsx';
import { QueryState } from '../../components/page/QueryState.tsx';
import { Moment } from '../../components/time/Moment.tsx';
import { useSession } from '../../lib/session.ts';
import { showSuccessToast } from '../../lib/toast.ts';
import { useDeleteWebhook, useRotateSecret, useTestWebhook, useUpdateWebhook, useWebhooks } from './api.ts';
import { DeliveriesModal } from './Deliveries.tsx';
import { CreateWebhookModal, SecretModal } from './WebhookDialogs.tsx';

type Confirm = { kind: 'rotate' | 'delete'; hook: Webhook } | null;

/** /webhooks: the account's endpoints for events, their secret (shown once), test events and deliveries. */
export function WebhooksPage() {
  const { t } = useTranslation();
  const { permissions } = useSession();
  const phone = useMediaQuery('(max-width: 48em)');
  const list = useWebhooks();
  const [creating, setCreating] = useState(false);
  const [secret, setSecret] = useState<string | null>(null);
  const [viewing, setViewing] = useState<Webhook | null>(null);
  const [confirm, setConfirm] = useState<Confirm>(null);
  const canCreate = can(permissions, 'webhooks', 'create');
  const canUpdate = can(permissions, 'webhooks', 'update');
  const canDelete = can(permissions, 'webhooks', 'delete');
  const update = useUpdateWebhook();
  const rotate = useRotateSecret();
  const remove = useDeleteWebhook();
  const test = useTestWebhook();

  const events = (w: Webhook) => (
    <Group gap={4} wrap="wrap">
      {w.events.map((e) => (
        <Badge key={e} variant="light" size="sm" tt="none">
          {t(`webhooks.events.${e}`, { defaultValue: e })}
        </Badge>
      ))}
    </Group>
  );
  const state = (w: Webhook) => (
    <Stack gap={2}>
      <Badge variant="light" color={w.enabled ? 'green' : 'gray'} data-testid="webhook-state">
        {w.enabled ? t('webhooks.enabled') : t('webhooks.disabled')}
      </Badge>
      {w.open_deliveries > 0 && <Text size="xs">{t('webhooks.openCount', { count: w.open_deliveries })}</Text>}
      {w.failed_deliveries > 0 && (
        <Text size="xs" c="red.8">
          {t('webhooks.failedCount', { count: w.failed_deliveries })}
        </Text>
      )}
    </Stack>
  );
  const actions = (w: Webhook) => (
    <Group gap={6} wrap="nowrap" justify="flex-end">
      <Button size="xs" variant="light" leftSection={<IconList size={14} />} onClick={() => setViewing(w)} data-testid="webhook-deliveries">
        {t('webhooks.actions.deliveries')}
      </Button>
      {(canUpdate || canDelete) && (
        <Menu position="bottom-end" withinPortal>
          <Menu.Target>
            <ActionIcon variant="subtle" aria-label={t('webhooks.actions.menu', { url: w.url })} data-testid="webhook-menu">
              <IconDots size={16} />
            </ActionIcon>
          </Menu.Target>
          <Menu.Dropdown>
            {canUpdate && (
              <>
                <Menu.Item
                  leftSection={<IconSend size={14} />}
                  onClick={async () => {
                    await test.mutateAsync(w.id);
                    showSuccessToast('webhooks.actions.testSent');
                  }}
                  data-testid="webhook-test"
                >
                  {t('webhooks.actions.test')}
                </Menu.Item>
                <Menu.Item onClick={() => update.mutate({ id: w.id, enabled: !w.enabled })} data-testid="webhook-toggle">
                  {w.enabled ? t('webhooks.disable') : t('webhooks.enable')}
                </Menu.Item>
                <Menu.Item onClick={() => setConfirm({ kind: 'rotate', hook: w })} data-testid="webhook-rotate">
                  {t('webhooks.actions.rotate')}
                </Menu.Item>
              </>
            )}
            {canDelete && (
              <Menu.Item color="red" onClick={() => setConfirm({ kind: 'delete', hook: w })} data-testid="webhook-delete">
                {t('webhooks.actions.delete')}
              </Menu.Item>
            )}
          </Menu.Dropdown>
        </Menu>
      )}
    </Group>
  );
  const url = (w: Webhook) => (
    <Stack gap={0} style={{ minWidth: 0 }}>
      <Text size="sm" fw={600} dir="ltr" style={{ wordBreak: 'break-all' }}>
        {w.url}
      </Text>
      {w.description && (
        <Text size="xs" c="dimmed">
          {w.description}
        </Text>
      )}
      <Text size="xs" c="dimmed" dir="ltr">
        {t('webhooks.secretHint', { hint: w.secret_hint })}
      </Text>
    </Stack>
  );

  return (
    <Stack gap="lg" data-testid="webhooks-page">
      <Group justify="space-between" align="flex-end">
        <div style={{ minWidth: 0, flex: '1 1 18rem' }}>
          <Title order={1} size="h2">
            {t('webhooks.title')}
          </Title>
          <Text c="dimmed" maw={720}>
            {t('webhooks.subtitle')}
          </Text>
        </div>
        {canCreate && (
          <Button leftSection={<IconPlus size={16} />} onClick={() => setCreating(true)} data-testid="webhook-new">
            {t('webhooks.new')}
          </Button>
        )}
      </Group>
      <QueryState
        query={list}
        empty={(d) => d.length === 0}
        emptyText={t('webhooks.empty')}
        emptyState={
          <EmptyState
            icon={IconWebhook}
            title={t('webhooks.emptyTitle')}
            text={t('webhooks.empty')}
            action={
              canCreate ? (
                <Button leftSection={<IconPlus size={16} />} onClick={() => setCreating(true)}>
                  {t('webhooks.new')}
                </Button>
              ) : undefined
            }
          />
        }
      >
        {(d) =>
          phone ? (
            <Stack gap="xs" data-testid="webhooks-table">
              {d.map((w) => (
                <Card key={w.id} withBorder radius="md" padding="sm" data-testid="webhook-row">
                  {url(w)}
                  <Group justify="space-between" mt="xs" align="flex-start">
                    {events(w)}
                    {state(w)}
                  </Group>
                  <Group justify="flex-end" mt="xs">
                    {actions(w)}
                  </Group>
                </Card>
              ))}
            </Stack>
          ) : (
            <Paper withBorder radius="md" p="xs">
              <Table.ScrollContainer minWidth={860}>
                <Table verticalSpacing="sm" data-testid="webhooks-table">
                  <Table.Thead>
                    <Table.Tr>
                      <Table.Th>{t('webhooks.columns.url')}</Table.Th>
                      <Table.Th>{t('webhooks.columns.events')}</Table.Th>
                      <Table.Th>{t('webhooks.columns.status')}</Table.Th>
                      <Table.Th>{t('webhooks.columns.created')}</Table.Th>
                      <Table.Th />
                    </Table.Tr>
                  </Table.Thead>
                  <Table.Tbody>
                    {d.map((w) => (
                      <Table.Tr key={w.id} data-testid="webhook-row">
                        <Table.Td maw={360}>{url(w)}</Table.Td>
                        <Table.Td>{events(w)}</Table.Td>
                        <Table.Td>{state(w)}</Table.Td>
                        <Table.Td>
                          <Moment at={w.created_at} style="day" />
                        </Table.Td>
                        <Table.Td>{actions(w)}</Table.Td>
                      </Table.Tr>
                    ))}
                  </Table.Tbody>
                </Table>
              </Table.ScrollContainer>
            </Paper>
          )
        }
      </QueryState>
      {creating && (
        <CreateWebhookModal
          onClose={() => setCreating(false)}
          onCreated={(w) => {
            setCreating(false);
            setSecret(w.secret);
          }}
        />
      )}
      {secret && <SecretModal secret={secret} onClose={() => setSecret(null)} />}
      {viewing && <DeliveriesModal id={viewing.id} url={viewing.url} canResend={canUpdate} onClose={() => setViewing(null)} />}
      <ConfirmModal
        opened={confirm !== null}
        title={confirm?.kind === 'rotate' ? t('webhooks.actions.rotate') : t('webhooks.actions.delete')}
        cancelLabel={t('webhooks.form.cancel')}
        confirmLabel={t('webhooks.actions.confirm')}
        loading={rotate.isPending || remove.isPending}
        onCancel={() => setConfirm(null)}
        onConfirm={async () => {
          if (!confirm) return;
          if (confirm.kind === 'rotate') setSecret((await rotate.mutateAsync(confirm.hook.id)).secret);
          else await remove.mutateAsync(confirm.hook.id);
          setConfirm(null);
        }}
        testId="webhook-confirm"
      >
        <Text>{confirm?.kind === 'rotate' ? t('webhooks.actions.rotateConfirm') : t('webhooks.actions.deleteConfirm')}</Text>
      </ConfirmModal>
    </Stack>
  );
}
