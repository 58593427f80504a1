import { Alert, Button, Checkbox, Group, Modal, Stack, Text, TextInput } from '@mantine/core';
import { WEBHOOK_EVENTS, webhookInputSchema } from '@risala/shared/schemas/webhooks';
import { type FormEvent, useState } from 'react';
import { CopyField } from '../../components/copy-field/CopyField.tsx';
import { useTranslation } from 'react-i18next';
import { useForm } from '../../lib/forms.ts';
import { useCreateWebhook, type WebhookWithSecret } from './api.ts';

/** New endpoint: URL, description and the events it receives; answers the endpoint with its secret. */
export function CreateWebhookModal({ onClose, onCreated }: { onClose: () => void; onCreated: (w: WebhookWithSecret) => void }) {
  const { t } = useTranslation();
  const form = useForm({ url: '', description: '' });
  const [events, setEvents] = useState<string[]>(['message.status']);
  const create = useCreateWebhook();
  const eventsError = (form.errors as Record<string, string | undefined>).events;

  async function submit(event: FormEvent) {
    event.preventDefault();
    const input = form.validate(webhookInputSchema, { ...form.values, events });
    if (!input) return;
    try {
      onCreated(await create.mutateAsync(input));
    } catch (err) {
      form.showApiError(err);
    }
  }

  return (
    <Modal opened onClose={onClose} title={t('webhooks.form.createTitle')} centered>
      <form onSubmit={submit} noValidate>
        <Stack gap="sm">
          {form.formError && (
            <Alert color="red" role="alert" data-testid="form-error">
              {form.formError}
            </Alert>
          )}
          <TextInput
            label={t('webhooks.form.url')}
            description={t('webhooks.form.urlHint')}
            placeholder="https://example.com/risala/webhooks"
            dir="ltr"
            required
            data-testid="webhook-url"
            {...form.inputProps('url')}
          />
          <TextInput label={t('webhooks.form.description')} {...form.inputProps('description')} />
          <Checkbox.Group
            label={t('webhooks.form.events')}
            value={events}
            onChange={setEvents}
            error={eventsError ? t(eventsError) : undefined}
            required
          >
            <Stack gap={6} mt={6}>
              {WEBHOOK_EVENTS.map((e) => (
                <Checkbox key={e} value={e} label={t(`webhooks.events.${e}`)} data-testid={`webhook-event-${e}`} />
              ))}
            </Stack>
          </Checkbox.Group>
          <Group justify="flex-end">
            <Button variant="default" onClick={onClose}>
              {t('webhooks.form.cancel')}
            </Button>
            <Button type="submit" loading={create.isPending} data-testid="webhook-create-submit">
              {t('webhooks.form.create')}
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}

/** The signing secret, shown this once (after create or rotate), with a copy button. */
export function SecretModal({ secret, onClose }: { secret: string; onClose: () => void }) {
  const { t } = useTranslation();
  return (
    <Modal opened onClose={onClose} title={t('webhooks.secret.title')} centered closeOnClickOutside={false}>
      <Stack gap="sm">
        <Alert color="yellow">{t('webhooks.secret.once')}</Alert>
        <CopyField label={t('webhooks.secret.title')} value={secret} testId="webhook-secret" />
        <Group justify="flex-end">
          <Button onClick={onClose} data-testid="webhook-secret-done">
            {t('webhooks.secret.done')}
          </Button>
        </Group>
        <Text size="xs" c="dimmed" dir="ltr" ta="start">
          Risala-Signature: t=…,v1=…
        </Text>
      </Stack>
    </Modal>
  );
}
