import { Alert, Button, Grid, Group, Modal, Paper, Stack, Text, Title } from '@mantine/core';
import { can } from '@risala/shared/permissions';
import { waTemplateInputSchema, type WaTemplate } from '@risala/shared/schemas/whatsapp';
import { IconAlertCircle, IconClockHour4 } from '@tabler/icons-react';
import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate, useParams } from 'react-router';
import { useLeaveGuard } from '../../components/page/LeaveGuard.tsx';
import { LoadError } from '../../components/page/LoadError.tsx';
import { isNotFound, NotFoundNote, routeId } from '../../components/page/NotFoundNote.tsx';
import { PageLoader } from '../../components/page/PageLoader.tsx';
import { isApiError } from '../../lib/http.ts';
import { useSession } from '../../lib/session.ts';
import { useSingleFlight } from '../../lib/single-flight.ts';
import { showSuccessToast } from '../../lib/toast.ts';
import { waKeys } from './api/get-wa-templates.ts';
import { useWaTemplate } from './api/get-wa-template.ts';
import { useSaveWaTemplate } from './api/save-wa-template.ts';
import { useCheckWaTemplateStatus } from './api/check-wa-template-status.ts';
import { useDeleteWaTemplate } from './api/delete-wa-template.ts';
import { useSubmitWaTemplate } from './api/submit-wa-template.ts';
import { type BuilderState, builderErrorKey, emptyBuilder, fromTemplate, toInput } from './builder-state.ts';
import { ButtonsEditor } from './components/ButtonsEditor.tsx';
import { ChatBubble } from './components/ChatBubble.tsx';
import { StatusBadge } from './components/StatusBadge.tsx';
import { SubmissionLimits } from './components/SubmissionLimits.tsx';
import { TemplateFields } from './components/TemplateFields.tsx';
import { BackLink } from '../../components/page/BackLink.tsx';

const EDITABLE = new Set(['DRAFT', 'REJECTED']);

/** /template/whatsapp/new and /template/whatsapp/:id — the builder with a live chat preview. */
export function WhatsAppTemplateEditorPage() {
  const { t } = useTranslation();
  const { id: param } = useParams();
  const isNew = param === 'new';
  const id = isNew ? null : routeId(param);
  const query = useWaTemplate(id);
  // an address that names no template (…/abc, a deleted id) says so: it is not a new builder
  if ((!isNew && id === null) || isNotFound(query.error)) {
    return <NotFoundNote back={<BackLink to="/template/whatsapp" label={t('whatsapp.back')} />} text={t('whatsapp.editor.notFound')} />;
  }
  if (id !== null && query.isPending) return <PageLoader />;
  if (id !== null && query.isError) return <LoadError error={query.error} onRetry={() => void query.refetch()} />;
  return <Editor key={id ?? 'new'} template={query.data ?? null} />;
}

function Editor({ template }: { template: WaTemplate | null }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const client = useQueryClient();
  const { permissions } = useSession();
  const [state, setState] = useState<BuilderState>(() => (template ? fromTemplate(template) : emptyBuilder()));
  const [dirty, setDirty] = useState(false);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [formError, setFormError] = useState<string | null>(null);
  const [confirmDelete, setConfirmDelete] = useState(false);
  const save = useSaveWaTemplate(template?.id ?? null);
  const submit = useSubmitWaTemplate();
  const check = useCheckWaTemplateStatus();
  const remove = useDeleteWaTemplate();
  // what the role may do decides which actions show (the API refuses the rest with 403 anyway)
  const mayUpdate = can(permissions, 'template', template ? 'update' : 'create');
  const editable = mayUpdate && (!template || EDITABLE.has(template.status));
  const busy = save.isPending || submit.isPending;
  // one save or submission at a time: a double-click arrives before the buttons show as busy
  const once = useSingleFlight();
  const { guard, release } = useLeaveGuard(dirty && editable);

  // a decision arriving while the page is open (polling) refreshes the read-only form
  useEffect(() => {
    if (template && !dirty) setState(fromTemplate(template));
  }, [template, dirty]);

  const change = (patch: Partial<BuilderState>) => {
    setState((s) => ({ ...s, ...patch }));
    setDirty(true);
  };
  const { input, index } = toInput(state);

  function showError(err: unknown) {
    if (!isApiError(err)) return setFormError(String(err));
    const fields: Record<string, string> = {};
    for (const e of err.errors) if (e.field) fields[builderErrorKey(e.field, index)] ??= e.message;
    setErrors(fields);
    setFormError(err.message);
  }

  /** Validates with the shared schema and saves; returns the saved template or null. */
  async function persist(): Promise<WaTemplate | null> {
    const parsed = waTemplateInputSchema.safeParse(input);
    if (!parsed.success) {
      const fields: Record<string, string> = {};
      for (const issue of parsed.error.issues) fields[builderErrorKey(issue.path.join('.') || 'components', index)] ??= issue.message;
      setErrors(fields);
      setFormError(t('whatsapp.editor.formErrors'));
      return null;
    }
    setErrors({});
    setFormError(null);
    try {
      const saved = await save.mutateAsync(parsed.data);
      setDirty(false);
      if (!template) {
        release(); // saved: the new address is no leaving
        void navigate(`/template/whatsapp/${saved.id}`, { replace: true });
      }
      return saved;
    } catch (err) {
      showError(err);
      return null;
    }
  }

  async function onSave() {
    if (await persist()) showSuccessToast('whatsapp.editor.saved');
  }

  async function onSubmit() {
    // a REJECTED template goes back to DRAFT by saving; only drafts are submitted
    const saved = dirty || !template || template.status !== 'DRAFT' ? await persist() : template;
    if (!saved) return;
    try {
      await submit.mutateAsync(saved.id);
      showSuccessToast('whatsapp.editor.submitted');
    } catch (err) {
      showError(err);
    } finally {
      void client.invalidateQueries({ queryKey: waKeys.limits });
    }
  }

  async function onDelete() {
    if (!template) return;
    await remove.mutateAsync(template.id);
    showSuccessToast('whatsapp.editor.deleted');
    release();
    void navigate('/template/whatsapp');
  }

  const reason = template?.rejection_reason;
  return (
    <Stack gap="lg" data-testid="wa-template-editor">
      {guard}
      <BackLink to="/template/whatsapp" label={t('whatsapp.back')} />
      <Group justify="space-between" align="flex-start">
        <Group gap="sm">
          <Title order={1} size="h2">
            {template ? template.name : t('whatsapp.editor.titleNew')}
          </Title>
          {template && <StatusBadge status={template.status} />}
        </Group>
        <Group gap="xs">
          {template?.external_id && mayUpdate && (
            <Button
              variant="default"
              loading={check.isPending}
              onClick={() => check.mutate(template.id)}
              data-testid="wa-template-check-status"
            >
              {t('whatsapp.editor.checkStatus')}
            </Button>
          )}
          {template && can(permissions, 'template', 'delete') && (
            <Button variant="light" color="red" onClick={() => setConfirmDelete(true)} data-testid="wa-template-delete">
              {t('whatsapp.editor.delete')}
            </Button>
          )}
          {editable && (
            <>
              <Button
                variant="default"
                loading={save.isPending}
                disabled={busy}
                onClick={() => once((done) => void onSave().finally(done))}
                data-testid="wa-template-save"
              >
                {t('whatsapp.editor.save')}
              </Button>
              <Button
                loading={submit.isPending}
                disabled={busy}
                onClick={() => once((done) => void onSubmit().finally(done))}
                data-testid="wa-template-submit"
              >
                {t('whatsapp.editor.submit')}
              </Button>
            </>
          )}
        </Group>
      </Group>

      {template?.status === 'REJECTED' && (
        <Alert
          color="red"
          variant="light"
          icon={<IconAlertCircle size={18} />}
          title={t('whatsapp.editor.rejected')}
          data-testid="wa-template-rejection"
        >
          <Text size="sm" fw={600}>
            {t(`whatsapp.reasons.${reason}`, { defaultValue: reason ?? '' })}
          </Text>
          <Text size="sm">{t('whatsapp.editor.rejectedHelp')}</Text>
        </Alert>
      )}
      {template?.status === 'PENDING' && (
        <Alert color="yellow" variant="light" icon={<IconClockHour4 size={18} />} data-testid="wa-template-pending">
          {t('whatsapp.editor.pendingNote')}
        </Alert>
      )}
      {template && !editable && template.status !== 'PENDING' && (
        <Text size="sm" c="dimmed">
          {t('whatsapp.editor.readOnly', { status: t(`whatsapp.status.${template.status}`) })}
        </Text>
      )}
      {formError && (
        <Alert color="red" variant="light" data-testid="wa-template-error">
          {formError}
        </Alert>
      )}

      <Grid gap="lg">
        <Grid.Col span={{ base: 12, md: 7 }}>
          <Paper withBorder p="md" radius="md">
            <Stack gap="lg">
              <TemplateFields
                state={state}
                onChange={change}
                errors={errors}
                disabled={!editable}
                identityLocked={Boolean(template?.external_id)}
              />
              <ButtonsEditor buttons={state.buttons} onChange={(buttons) => change({ buttons })} errors={errors} disabled={!editable} />
            </Stack>
          </Paper>
        </Grid.Col>
        <Grid.Col span={{ base: 12, md: 5 }}>
          <Stack gap="md">
            <Text fw={600} size="sm">
              {t('whatsapp.preview.title')}
            </Text>
            <ChatBubble components={input.components} language={state.language} />
            <SubmissionLimits />
          </Stack>
        </Grid.Col>
      </Grid>

      <Modal opened={confirmDelete} onClose={() => setConfirmDelete(false)} title={t('whatsapp.editor.delete')} centered>
        <Text size="sm">{t('whatsapp.editor.deleteConfirm')}</Text>
        <Group justify="flex-end" mt="md">
          <Button variant="default" onClick={() => setConfirmDelete(false)}>
            {t('whatsapp.editor.cancel')}
          </Button>
          <Button color="red" loading={remove.isPending} onClick={() => void onDelete()} data-testid="wa-template-delete-confirm">
            {t('whatsapp.editor.delete')}
          </Button>
        </Group>
      </Modal>
    </Stack>
  );
}
