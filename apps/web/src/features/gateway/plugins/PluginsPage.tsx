import { Alert, Badge, Button, Group, Modal, Select, Stack, Switch, Table, Text, Textarea, TextInput, Title } from '@mantine/core';
import { can } from '@risala/shared/permissions';
import { createPluginSchema, PLUGIN_TYPES, type Plugin, type PluginType, updatePluginSchema } from '@risala/shared/schemas/gateway-routing';
import { IconPlus } from '@tabler/icons-react';
import { type FormEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { QueryTable } from '../../../components/page/QueryTable.tsx';
import { useSession } from '../../../lib/session.ts';
import { showSuccessToast } from '../../../lib/toast.ts';
import { useRoutingForm } from '../routing-form.ts';
import { ConfirmDelete, RoutingNav, RowActions } from '../RoutingNav.tsx';
import { usePluginMutations } from './api/change-plugin.ts';
import { usePlugins } from './api/get-plugins.ts';

const FIELDS = ['plugin_name', 'plugin_type', 'description', 'config.base_url', 'config.sender_id'];

/** Create or edit a plugin: URL shortener (optional base URL) or sender-id override. */
function PluginFormModal({ plugin, onClose }: { plugin: Plugin | null; onClose: () => void }) {
  const { t } = useTranslation();
  const config = (plugin?.config ?? {}) as Record<string, string | null | undefined>;
  const [draft, setDraft] = useState({
    plugin_name: plugin?.plugin_name ?? '',
    description: plugin?.description ?? '',
    plugin_type: (plugin?.plugin_type ?? 'url_shortener') as PluginType,
    base_url: config.base_url ?? '',
    sender_id: config.sender_id ?? '',
  });
  const form = useRoutingForm(FIELDS);
  const { save } = usePluginMutations();
  const set = (key: keyof typeof draft, value: string) => setDraft((d) => ({ ...d, [key]: value }));

  async function submit(event: FormEvent) {
    event.preventDefault();
    const body = {
      plugin_name: draft.plugin_name,
      description: draft.description || null,
      plugin_type: draft.plugin_type,
      config: draft.plugin_type === 'url_shortener' ? { base_url: draft.base_url || null } : { sender_id: draft.sender_id },
    };
    const input = plugin ? form.check(updatePluginSchema, body) : form.check(createPluginSchema, body);
    if (!input) return;
    try {
      await save.mutateAsync({ id: plugin?.id ?? null, input });
      showSuccessToast(plugin ? 'gateway.plugins.saved' : 'gateway.plugins.created');
      onClose();
    } catch (err) {
      form.showApiError(err);
    }
  }

  return (
    <Modal opened onClose={onClose} title={t(plugin ? 'gateway.plugins.edit' : 'gateway.plugins.new')} centered>
      <form onSubmit={submit} noValidate data-testid="plugin-form">
        <Stack gap="sm">
          {form.formError && (
            <Alert color="red" role="alert" data-testid="form-error">
              {form.formError}
            </Alert>
          )}
          <TextInput
            label={t('gateway.plugins.fields.plugin_name')}
            required
            value={draft.plugin_name}
            error={form.error('plugin_name')}
            onChange={(e) => set('plugin_name', e.currentTarget.value)}
            data-testid="plugin-name"
          />
          <Select
            label={t('gateway.plugins.fields.plugin_type')}
            value={draft.plugin_type}
            allowDeselect={false}
            data-testid="plugin-type"
            onChange={(v) => v && set('plugin_type', v)}
            data={PLUGIN_TYPES.map((p) => ({ value: p, label: t(`gateway.plugins.types.${p}`) }))}
          />
          <Text size="sm" c="dimmed">
            {t(`gateway.plugins.help.${draft.plugin_type}`)}
          </Text>
          {draft.plugin_type === 'url_shortener' ? (
            <TextInput
              label={t('gateway.plugins.fields.base_url')}
              placeholder={`${window.location.origin}/s/`}
              value={draft.base_url}
              dir="ltr"
              error={form.error('config.base_url')}
              onChange={(e) => set('base_url', e.currentTarget.value)}
              data-testid="plugin-base-url"
            />
          ) : (
            <TextInput
              label={t('gateway.plugins.fields.sender_id')}
              required
              value={draft.sender_id}
              dir="ltr"
              error={form.error('config.sender_id')}
              onChange={(e) => set('sender_id', e.currentTarget.value)}
              data-testid="plugin-sender-id"
            />
          )}
          <Textarea
            label={t('gateway.plugins.fields.description')}
            autosize
            minRows={2}
            value={draft.description}
            error={form.error('description')}
            onChange={(e) => set('description', e.currentTarget.value)}
          />
          <Group justify="flex-end">
            <Button variant="default" onClick={onClose}>
              {t('gateway.routers.actions.cancel')}
            </Button>
            <Button type="submit" loading={save.isPending} data-testid="plugin-save">
              {t('gateway.routers.actions.save')}
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}

/** /gateway/plugins — route plugins, installed or not. */
export function PluginsPage() {
  const { t } = useTranslation();
  const { permissions } = useSession();
  const plugins = usePlugins({ page: 1, limit: 100, sort: 'created_at', order: 'asc' });
  const { status, remove } = usePluginMutations();
  const [editing, setEditing] = useState<Plugin | null | 'new'>(null);
  const [deleting, setDeleting] = useState<Plugin | null>(null);
  const canEdit = can(permissions, 'sender', 'update');

  const body = (
    <QueryTable
      query={plugins}
      empty={(data) => data.items.length === 0}
      emptyText={t('gateway.plugins.empty')}
      minWidth={640}
      testId="plugin-table"
      headers={[
        t('gateway.plugins.fields.plugin_name'),
        t('gateway.plugins.fields.plugin_type'),
        t('gateway.plugins.fields.config'),
        t('gateway.routers.fields.status'),
        null,
      ]}
      rows={(data) =>
        data.items.map((p) => (
          <Table.Tr key={p.id} data-testid="plugin-row">
            <Table.Td>
              <Text fw={600}>{p.plugin_name}</Text>
              {p.description && (
                <Text size="xs" c="dimmed" lineClamp={1}>
                  {p.description}
                </Text>
              )}
            </Table.Td>
            <Table.Td>
              <Badge variant="outline">{t(`gateway.plugins.types.${p.plugin_type}`)}</Badge>
            </Table.Td>
            <Table.Td dir="ltr">
              {p.plugin_type === 'sender_override' ? p.config.sender_id : (p.config.base_url ?? `${window.location.origin}/s/`)}
            </Table.Td>
            <Table.Td>
              <Switch
                checked={p.status === 'INSTALLED'}
                disabled={!canEdit}
                label={t(`gateway.routers.status.${p.status}`)}
                data-testid="plugin-status"
                onChange={(e) => status.mutate({ id: p.id, installed: e.currentTarget.checked })}
              />
            </Table.Td>
            <Table.Td>{canEdit && <RowActions testId="plugin" onEdit={() => setEditing(p)} onDelete={() => setDeleting(p)} />}</Table.Td>
          </Table.Tr>
        ))
      }
    />
  );

  return (
    <Stack gap="lg" data-testid="plugins-page">
      <RoutingNav />
      <Group justify="space-between" align="flex-end">
        <div>
          <Title order={1} size="h2">
            {t('gateway.plugins.title')}
          </Title>
          <Text c="dimmed">{t('gateway.plugins.subtitle')}</Text>
        </div>
        {can(permissions, 'sender', 'create') && (
          <Button leftSection={<IconPlus size={16} />} onClick={() => setEditing('new')} data-testid="plugin-new">
            {t('gateway.plugins.new')}
          </Button>
        )}
      </Group>
      {body}
      {editing && <PluginFormModal plugin={editing === 'new' ? null : editing} onClose={() => setEditing(null)} />}
      {deleting && (
        <ConfirmDelete name={deleting.plugin_name} onConfirm={() => remove.mutateAsync(deleting.id)} onClose={() => setDeleting(null)} />
      )}
    </Stack>
  );
}
