import { Anchor, Button, Group, NativeSelect, Paper, Stack, Text, Textarea, TextInput, Title } from '@mantine/core';
import { supportEmailSchema } from '@risala/shared/schemas/auth';
import type { FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { useForm } from '../../lib/forms.ts';
import { showSuccessToast } from '../../lib/toast.ts';
import { useSendSupportEmail } from './api/send-support-email.ts';

const CATEGORIES = ['general', 'billing', 'technical', 'account'] as const;
const EMPTY = { subject: '', category: 'general', message: '' };

/** /support: write to the support team; a copy is mailed back to the user. */
export function SupportPage() {
  const { t } = useTranslation();
  const form = useForm(EMPTY);
  const send = useSendSupportEmail();

  async function submit(event: FormEvent) {
    event.preventDefault();
    const input = form.validate(supportEmailSchema);
    if (!input) return;
    try {
      await send.mutateAsync(input);
      form.reset(EMPTY);
      showSuccessToast('support.sent');
    } catch (err) {
      form.showApiError(err);
    }
  }

  return (
    <Stack gap="lg" maw={720} data-testid="support-page">
      <div>
        <Title order={1} size="h2">
          {t('support.title')}
        </Title>
        <Text c="dimmed">{t('support.subtitle')}</Text>
        <Anchor component={Link} to="/help" size="sm" data-testid="support-help-link">
          {t('ai.help.fromSupport')}
        </Anchor>
      </div>
      <Paper withBorder p="lg" radius="md">
        <form onSubmit={submit} noValidate>
          <Stack gap="sm">
            {form.formError && (
              <Text c="red" size="sm" role="alert" data-testid="form-error">
                {form.formError}
              </Text>
            )}
            <TextInput label={t('support.subject')} required data-testid="support-subject" {...form.inputProps('subject')} />
            <NativeSelect
              label={t('support.category')}
              data={CATEGORIES.map((value) => ({ value, label: t(`support.categories.${value}`) }))}
              data-testid="support-category"
              {...form.inputProps('category')}
            />
            <Textarea
              label={t('support.message')}
              required
              autosize
              minRows={6}
              maxRows={16}
              data-testid="support-message"
              {...form.inputProps('message')}
            />
            <Group justify="flex-end">
              <Button type="submit" loading={send.isPending} data-testid="support-submit">
                {t('support.send')}
              </Button>
            </Group>
          </Stack>
        </form>
      </Paper>
    </Stack>
  );
}
