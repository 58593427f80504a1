import { Alert, Badge, Button, Group, Modal, Paper, SegmentedControl, Stack, Text, Textarea, TextInput, Title } from '@mantine/core';
import { can } from '@risala/shared/permissions';
import {
  type CustomerGroup,
  createGroupSchema,
  emptySegmentRules,
  type GroupType,
  type SegmentRules,
  updateGroupSchema,
} from '@risala/shared/schemas/groups';
import { IconTrash } from '@tabler/icons-react';
import { type FormEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate, useParams, useSearchParams } from 'react-router';
import { LoadError } from '../../components/page/LoadError.tsx';
import { isNotFound, NotFoundNote, routeId } from '../../components/page/NotFoundNote.tsx';
import { PageLoader } from '../../components/page/PageLoader.tsx';
import { useForm } from '../../lib/forms.ts';
import { isApiError } from '../../lib/http.ts';
import { useSingleFlight } from '../../lib/single-flight.ts';
import { useSession } from '../../lib/session.ts';
import { showSuccessToast } from '../../lib/toast.ts';
import { useBrandOptions } from '../../lib/brand-options.ts';
import { useDeleteGroup } from './api/delete-group.ts';
import { useGroup } from './api/get-group.ts';
import { useGroups } from './api/get-groups.ts';
import { useSaveGroup } from './api/save-group.ts';
import { useSetGroupStatus } from './api/set-group-status.ts';
import { MembersPanel } from './components/MembersPanel.tsx';
import { ReachWarning } from './components/ReachWarning.tsx';
import { RuleBuilder } from './components/RuleBuilder.tsx';
import { SegmentCount } from './components/SegmentCount.tsx';
import { checkRules } from './rules-state.ts';
import { BackLink } from '../../components/page/BackLink.tsx';

/** Name, description and (for a segment) the rules with the live count; creates or saves. */
function GroupEditor({ group, type }: { group: CustomerGroup | null; type: GroupType }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const { permissions } = useSession();
  const form = useForm({ group_name: group?.group_name ?? '', group_description: group?.group_description ?? '' });
  const [rules, setRules] = useState<SegmentRules>(group?.rules ?? emptySegmentRules());
  const [touched, setTouched] = useState(false);
  const save = useSaveGroup(group?.id ?? null);
  const checked = checkRules(rules);
  const dynamic = type === 'dynamic';
  const statics = useGroups({ page: 1, limit: 100, sort: 'group_name', order: 'asc', type: 'static' });
  const staticGroups = (statics.data?.items ?? [])
    .filter((g) => g.id !== group?.id)
    .map((g) => ({ value: String(g.id), label: g.group_name }));
  const canSave = can(permissions, 'customer', group ? 'update' : 'create');
  const brands = useBrandOptions();
  const once = useSingleFlight();

  // one save per click: a double-click would create the group twice
  function submit(event: FormEvent) {
    event.preventDefault();
    once((done) => void saveGroup().finally(done));
  }

  async function saveGroup() {
    setTouched(true);
    const base = { group_name: form.values.group_name, group_description: form.values.group_description || null };
    const input = group
      ? form.validate(updateGroupSchema, dynamic ? { ...base, rules } : base)
      : form.validate(createGroupSchema, { ...base, type, ...(dynamic ? { rules } : {}) });
    if (!input || (dynamic && !checked.ready)) return;
    try {
      const saved = await save.mutateAsync(input);
      showSuccessToast(group ? 'groups.saved' : 'groups.created');
      if (!group) navigate(`/customer/groups/${saved.id}`, { replace: true });
    } catch (err) {
      form.showApiError(err);
    }
  }

  return (
    <Paper withBorder p="lg" radius="md">
      <form onSubmit={submit} noValidate>
        <Stack gap="md">
          {form.formError && (
            <Alert color="red" role="alert" data-testid="form-error">
              {form.formError}
            </Alert>
          )}
          <TextInput label={t('groups.fields.group_name')} required maw={480} data-testid="group-name" {...form.inputProps('group_name')} />
          <Textarea
            label={t('groups.fields.group_description')}
            autosize
            minRows={2}
            maw={640}
            data-testid="group-description"
            {...form.inputProps('group_description')}
          />
          {dynamic && (
            <>
              <Title order={2} size="h5">
                {t('groups.rules.title')}
              </Title>
              <RuleBuilder
                value={rules}
                onChange={setRules}
                staticGroups={staticGroups}
                brands={brands.data ?? []}
                issues={touched ? checked.issues : []}
              />
              <SegmentCount rules={checked.ready} />
            </>
          )}
          {canSave && (
            <Group justify="flex-end">
              <Button type="submit" loading={save.isPending} data-testid="group-save">
                {group ? t('groups.actions.save') : t('groups.actions.create')}
              </Button>
            </Group>
          )}
        </Stack>
      </form>
    </Paper>
  );
}

/** Status badge, activate/deactivate (with GROUP_WITHOUT_CONTACTS shown inline) and delete. */
function GroupActions({ group }: { group: CustomerGroup }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const { permissions } = useSession();
  const status = useSetGroupStatus();
  const del = useDeleteGroup();
  const [error, setError] = useState<string>();
  const [confirming, setConfirming] = useState(false);
  const active = group.status === 'ACTIVE';

  async function toggle() {
    setError(undefined);
    try {
      await status.mutateAsync({ id: group.id, active: !active });
      showSuccessToast(active ? 'groups.deactivated' : 'groups.activated');
    } catch (err) {
      setError(isApiError(err) ? err.message : String(err));
    }
  }
  async function remove() {
    try {
      await del.mutateAsync(group.id);
      showSuccessToast('groups.deleted');
      navigate('/customer/groups');
    } catch (err) {
      setError(isApiError(err) ? err.message : String(err));
      setConfirming(false);
    }
  }

  return (
    <Stack gap="xs" align="flex-end">
      <Group gap="sm">
        <Badge color={active ? 'green' : 'gray'} variant="light" data-testid="group-status">
          {t(`groups.status.${group.status}`)}
        </Badge>
        <Badge variant="outline">{t(`groups.kind.${group.type}`)}</Badge>
        {can(permissions, 'customer', 'update') && (
          <Button
            size="xs"
            variant="light"
            color={active ? 'gray' : 'green'}
            loading={status.isPending}
            onClick={() => void toggle()}
            data-testid="group-toggle"
          >
            {active ? t('groups.actions.deactivate') : t('groups.actions.activate')}
          </Button>
        )}
        {can(permissions, 'customer', 'delete') && (
          <Button
            size="xs"
            variant="light"
            color="red"
            leftSection={<IconTrash size={14} />}
            onClick={() => setConfirming(true)}
            data-testid="group-delete"
          >
            {t('groups.actions.delete')}
          </Button>
        )}
      </Group>
      {error && (
        <Text size="sm" c="red" role="alert" data-testid="group-error">
          {error}
        </Text>
      )}
      <Modal opened={confirming} onClose={() => setConfirming(false)} title={t('groups.delete.title')} centered>
        <Stack>
          <Text>{t('groups.delete.body', { name: group.group_name })}</Text>
          <Group justify="flex-end">
            <Button variant="default" onClick={() => setConfirming(false)}>
              {t('groups.actions.cancel')}
            </Button>
            <Button color="red" loading={del.isPending} onClick={() => void remove()} data-testid="group-delete-confirm">
              {t('groups.actions.delete')}
            </Button>
          </Group>
        </Stack>
      </Modal>
    </Stack>
  );
}

/** /customer/groups/:id (or /customer/groups/new?type=static|dynamic). */
export function GroupPage() {
  const { t } = useTranslation();
  const { id = '' } = useParams();
  const [params] = useSearchParams();
  const isNew = id === 'new';
  const groupId = isNew ? 0 : routeId(id);
  const group = useGroup(groupId ?? -1);
  const [kind, setKind] = useState<GroupType>(params.get('type') === 'dynamic' ? 'dynamic' : 'static');
  const { permissions } = useSession();

  const back = <BackLink to="/customer/groups" label={t('groups.back')} testId="groups-back" />;

  if (isNew) {
    return (
      <Stack gap="lg" maw={1100} data-testid="group-page">
        {back}
        <Title order={1} size="h2">
          {t('groups.new')}
        </Title>
        <SegmentedControl
          value={kind}
          onChange={(v) => setKind(v as GroupType)}
          w="fit-content"
          data-testid="group-type"
          data={[
            { value: 'static', label: t('groups.kind.static') },
            { value: 'dynamic', label: t('groups.kind.dynamic') },
          ]}
        />
        <Text size="sm" c="dimmed">
          {t(`groups.kindHint.${kind}`)}
        </Text>
        {/* one editor for both kinds: switching keeps the name and description typed so far */}
        <GroupEditor group={null} type={kind} />
      </Stack>
    );
  }
  if (groupId === null || isNotFound(group.error)) return <NotFoundNote back={back} text={t('groups.notFound')} />;
  if (group.isPending) return <PageLoader />;
  if (group.isError)
    return (
      <Stack>
        {back}
        <LoadError error={group.error} onRetry={() => void group.refetch()} />
      </Stack>
    );
  const g = group.data;

  return (
    <Stack gap="lg" maw={1100} data-testid="group-page">
      {back}
      <Group justify="space-between" align="flex-start">
        <div>
          <Title order={1} size="h2" data-testid="group-title">
            {g.group_name}
          </Title>
          <Text c="dimmed" data-testid="group-count">
            {t('groups.contactsCount', { count: g.contacts_count })}
          </Text>
        </div>
        <GroupActions group={g} />
      </Group>
      <ReachWarning groupId={g.id} />
      <GroupEditor key={g.updated_at} group={g} type={g.type} />
      <Paper withBorder p="lg" radius="md">
        <Title order={2} size="h4" mb="md">
          {g.type === 'static' ? t('groups.members.title') : t('groups.members.matching')}
        </Title>
        <MembersPanel group={g} canEdit={can(permissions, 'customer', 'update')} />
      </Paper>
    </Stack>
  );
}
