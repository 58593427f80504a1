import { Button, Grid, Group, Modal, Paper, Stack, Text, Title } from '@mantine/core';
import { can } from '@risala/shared/permissions';
import { MESSAGE_TYPES, type MessageType, type Template } from '@risala/shared/schemas/templates';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate, useParams } from 'react-router';
import { EmptyNote } from '../../components/page/EmptyNote.tsx';
import { useLeaveGuard } from '../../components/page/LeaveGuard.tsx';
import { LoadError } from '../../components/page/LoadError.tsx';
import { isNotFound, NotFoundNote, routeId } from '../../components/page/NotFoundNote.tsx';
import { PageLoader } from '../../components/page/PageLoader.tsx';
import { useSession } from '../../lib/session.ts';
import { showSuccessToast } from '../../lib/toast.ts';
import { useDeleteTemplate } from './api/delete-template.ts';
import { useTemplate } from './api/get-template.ts';
import { CustomerPreview } from './components/CustomerPreview.tsx';
import { EmailPreview } from './components/EmailPreview.tsx';
import { ReviewPanel } from './components/ReviewPanel.tsx';
import { initialValues, TemplateForm, type TemplateValues } from './components/TemplateForm.tsx';
import { BackLink } from '../../components/page/BackLink.tsx';

/** /template/new/:channel and /template/edit/:id */
export function TemplateEditorPage() {
  const { t } = useTranslation();
  const params = useParams();
  const id = routeId(params.id);
  const query = useTemplate(id);

  // /template/edit/abc or a deleted template: say so (not "this kind of template does not exist")
  if (params.id !== undefined && (id === null || isNotFound(query.error))) {
    return <NotFoundNote back={<BackLink to="/template" label={t('templates.editor.back')} />} text={t('templates.editor.notFound')} />;
  }
  if (id !== null) {
    if (query.isPending) return <PageLoader />;
    if (query.isError) return <LoadError error={query.error} onRetry={() => void query.refetch()} />;
    return <Editor key={query.data.id} channel={query.data.message_type} template={query.data} />;
  }
  const channel = params.channel as MessageType;
  if (!MESSAGE_TYPES.includes(channel)) return <EmptyNote text={t('templates.editor.unknownChannel')} />;
  return <Editor key={channel} channel={channel} template={null} />;
}

function Editor({ channel, template }: { channel: MessageType; template: Template | null }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const { permissions } = useSession();
  const [saved, setSaved] = useState(() => initialValues(template));
  const [values, setValues] = useState<TemplateValues>(saved);
  const [confirmDelete, setConfirmDelete] = useState(false);
  const remove = useDeleteTemplate();
  const dirty = JSON.stringify(values) !== JSON.stringify(saved);
  // the builder needs the page's width; the review and previews go below it
  const wide = channel === 'email' && values.mjml !== null;
  const readOnly = !can(permissions, 'template', template ? 'update' : 'create');
  const { guard, release } = useLeaveGuard(dirty && !readOnly);

  const onSaved = (next: Template, created: boolean) => {
    showSuccessToast(created ? 'templates.editor.created' : 'templates.editor.saved');
    const fresh = initialValues(next);
    setSaved(fresh);
    setValues(fresh);
    if (created) {
      release(); // saved: the template's own address is no leaving
      navigate(`/template/edit/${next.id}`, { replace: true });
    }
  };

  return (
    <Stack gap="md" data-testid="template-editor" data-channel={channel}>
      {guard}
      <Group justify="space-between">
        <Stack gap={2}>
          <BackLink to="/template" label={t('templates.editor.back')} />
          <Title order={1} size="h2">
            {template ? template.template_name : t(`templates.list.newOf.${channel}`)}
          </Title>
          <Text size="sm" c="dimmed">
            {t(`templates.channel.${channel}`)}
          </Text>
        </Stack>
        {template && can(permissions, 'template', 'delete') && (
          <Button color="red" variant="light" onClick={() => setConfirmDelete(true)} data-testid="template-delete">
            {t('templates.editor.delete')}
          </Button>
        )}
      </Group>
      <Grid gap="md">
        <Grid.Col span={{ base: 12, lg: template && !wide ? 7 : 12 }}>
          <Paper withBorder p="lg" radius="md">
            <TemplateForm
              channel={channel}
              template={template}
              values={values}
              onValues={setValues}
              readOnly={readOnly}
              onSaved={onSaved}
            />
          </Paper>
        </Grid.Col>
        {template && (
          <Grid.Col span={{ base: 12, lg: wide ? 12 : 5 }}>
            <Stack gap="md">
              <Paper withBorder p="lg" radius="md">
                <ReviewPanel template={template} dirty={dirty} />
              </Paper>
              {channel === 'email' && (
                <Paper withBorder p="lg" radius="md">
                  <Title order={2} size="h5" mb="sm">
                    {t('templates.preview.title')}
                  </Title>
                  <EmailPreview id={template.id} dirty={dirty} />
                </Paper>
              )}
              <Paper withBorder p="lg" radius="md">
                <Title order={2} size="h5" mb="sm">
                  {t('templates.preview.customerTitle')}
                </Title>
                <CustomerPreview id={template.id} />
              </Paper>
            </Stack>
          </Grid.Col>
        )}
      </Grid>
      <Modal opened={confirmDelete} onClose={() => setConfirmDelete(false)} title={t('templates.editor.deleteTitle')} centered>
        <Stack>
          <Text size="sm">{t('templates.editor.deleteConfirm', { name: template?.template_name ?? '' })}</Text>
          <Group justify="flex-end">
            <Button variant="default" onClick={() => setConfirmDelete(false)}>
              {t('templates.common.cancel')}
            </Button>
            <Button
              color="red"
              loading={remove.isPending}
              onClick={() =>
                template &&
                remove.mutate(template.id, {
                  onSuccess: () => {
                    showSuccessToast('templates.editor.deleted');
                    release();
                    navigate('/template');
                  },
                })
              }
              data-testid="template-delete-confirm"
            >
              {t('templates.editor.delete')}
            </Button>
          </Group>
        </Stack>
      </Modal>
    </Stack>
  );
}
