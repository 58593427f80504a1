import { Alert, Button, Group, Modal, MultiSelect, NumberInput, Select, Stack, Text, TextInput } from '@mantine/core';
import {
  createRouterSchema,
  ROUTER_CONNECTIONS,
  ROUTER_TYPES,
  type Router,
  type RouterType,
  updateRouterSchema,
} from '@risala/shared/schemas/gateway-routing';
import { useQuery } from '@tanstack/react-query';
import { type FormEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { showSuccessToast } from '../../../lib/toast.ts';
import { pluginsQuery } from '../plugins/api/get-plugins.ts';
import { useRoutingForm } from '../routing-form.ts';
import { rulesQuery } from '../rules/api/get-rules.ts';
import { useRouterMutations } from './api/change-router.ts';
import { useConnectionOptions } from './api/get-routers.ts';

const FIELDS = ['router_name', 'router_type', 'order', 'rate', 'connection_ids', 'rules_ids', 'plugins_ids'];
const strings = (ids: number[] | undefined) => (ids ?? []).map(String);

/** Create or edit a router; the type is fixed once created (§8). Failover takes connections in priority order. */
export function RouterFormModal({ router, nextOrder, onClose }: { router: Router | null; nextOrder: number; onClose: () => void }) {
  const { t } = useTranslation();
  const [draft, setDraft] = useState({
    router_name: router?.router_name ?? '',
    router_type: (router?.router_type ?? 'static') as RouterType,
    order: router?.order ?? nextOrder,
    rate: Number(router?.rate ?? 0),
    connection_ids: strings(router?.connection_ids),
    rules_ids: strings(router?.rules_ids),
    plugins_ids: strings(router?.plugins_ids),
  });
  const form = useRoutingForm(FIELDS);
  const { save } = useRouterMutations();
  const connections = useConnectionOptions();
  const rules = useQuery(rulesQuery({ page: 1, limit: 100, sort: 'rule_name', order: 'asc' }));
  const plugins = useQuery(pluginsQuery({ page: 1, limit: 100, sort: 'plugin_name', order: 'asc' }));
  const set = <K extends keyof typeof draft>(key: K, value: (typeof draft)[K]) => setDraft((d) => ({ ...d, [key]: value }));
  const single = ROUTER_CONNECTIONS[draft.router_type][1] === 1;
  const connectionData = (connections.data ?? []).map((c) => ({
    value: String(c.id),
    label: `${c.connection_name} (${t(`gateway.routers.connectionStatus.${c.status}`, { defaultValue: c.status })})`,
  }));

  async function submit(event: FormEvent) {
    event.preventDefault();
    const body = {
      router_name: draft.router_name,
      router_type: draft.router_type,
      order: draft.order,
      rate: draft.rate,
      connection_ids: draft.connection_ids.map(Number),
      rules_ids: draft.router_type === 'default' ? [] : draft.rules_ids.map(Number),
      plugins_ids: draft.plugins_ids.map(Number),
    };
    const input = router ? form.check(updateRouterSchema, body) : form.check(createRouterSchema, body);
    if (!input) return;
    try {
      await save.mutateAsync({ id: router?.id ?? null, input });
      showSuccessToast(router ? 'gateway.routers.saved' : 'gateway.routers.created');
      onClose();
    } catch (err) {
      form.showApiError(err);
    }
  }

  return (
    <Modal opened onClose={onClose} title={t(router ? 'gateway.routers.edit' : 'gateway.routers.new')} centered size="lg">
      <form onSubmit={submit} noValidate data-testid="router-form">
        <Stack gap="sm">
          {form.formError && (
            <Alert color="red" role="alert" data-testid="form-error">
              {form.formError}
            </Alert>
          )}
          <TextInput
            label={t('gateway.routers.fields.router_name')}
            required
            value={draft.router_name}
            error={form.error('router_name')}
            onChange={(e) => set('router_name', e.currentTarget.value)}
            data-testid="router-name"
          />
          <Select
            label={t('gateway.routers.fields.router_type')}
            value={draft.router_type}
            allowDeselect={false}
            disabled={!!router}
            description={router ? t('gateway.routers.typeLocked') : t(`gateway.routers.help.${draft.router_type}`)}
            data-testid="router-type"
            onChange={(v) =>
              v &&
              setDraft((d) => ({
                ...d,
                router_type: v as RouterType,
                connection_ids: d.connection_ids.slice(0, ROUTER_CONNECTIONS[v as RouterType][1]),
              }))
            }
            data={ROUTER_TYPES.map((r) => ({ value: r, label: t(`gateway.routers.types.${r}`) }))}
          />
          <Group grow>
            <NumberInput
              label={t('gateway.routers.fields.order')}
              min={1}
              max={9999}
              allowDecimal={false}
              value={draft.order}
              error={form.error('order')}
              onChange={(v) => set('order', Number(v) || 0)}
              data-testid="router-order"
            />
            <NumberInput
              label={t('gateway.routers.fields.rate')}
              min={0}
              decimalScale={5}
              value={draft.rate}
              error={form.error('rate')}
              onChange={(v) => set('rate', Number(v) || 0)}
              data-testid="router-rate"
            />
          </Group>
          {single ? (
            <Select
              label={t('gateway.routers.fields.connection')}
              required
              data={connectionData}
              value={draft.connection_ids[0] ?? null}
              error={form.error('connection_ids')}
              onChange={(v) => set('connection_ids', v ? [v] : [])}
              data-testid="router-connections"
              nothingFoundMessage={t('gateway.routers.noConnections')}
              disabled={connections.isError}
            />
          ) : (
            <MultiSelect
              label={t('gateway.routers.fields.connection_ids')}
              required
              data={connectionData}
              value={draft.connection_ids}
              description={t(draft.router_type === 'failover' ? 'gateway.routers.help.failoverOrder' : 'gateway.routers.help.poolOrder')}
              error={form.error('connection_ids')}
              onChange={(v) => set('connection_ids', v)}
              data-testid="router-connections"
            />
          )}
          {connections.isError && (
            <Text size="xs" c="red">
              {t('gateway.routers.connectionsFailed')}
            </Text>
          )}
          {!single && draft.connection_ids.length > 0 && (
            <Text size="xs" c="dimmed" data-testid="router-connection-order">
              {draft.connection_ids.map((id, i) => `${i + 1}. ${connectionData.find((c) => c.value === id)?.label ?? id}`).join('  ')}
            </Text>
          )}
          {draft.router_type !== 'default' && (
            <MultiSelect
              label={t('gateway.routers.fields.rules_ids')}
              description={t('gateway.routers.help.rules')}
              value={draft.rules_ids}
              data={(rules.data?.items ?? []).map((r) => ({ value: String(r.id), label: r.rule_name }))}
              error={form.error('rules_ids')}
              onChange={(v) => set('rules_ids', v)}
              searchable
              data-testid="router-rules"
            />
          )}
          <MultiSelect
            label={t('gateway.routers.fields.plugins_ids')}
            value={draft.plugins_ids}
            error={form.error('plugins_ids')}
            searchable
            data={(plugins.data?.items ?? []).map((p) => ({ value: String(p.id), label: p.plugin_name }))}
            onChange={(v) => set('plugins_ids', v)}
            data-testid="router-plugins"
          />
          <Group justify="flex-end">
            <Button variant="default" onClick={onClose}>
              {t('gateway.routers.actions.cancel')}
            </Button>
            <Button type="submit" loading={save.isPending} data-testid="router-save">
              {t('gateway.routers.actions.save')}
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}
