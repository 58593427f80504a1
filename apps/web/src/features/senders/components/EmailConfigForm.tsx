import { Button, Group, NumberInput, PasswordInput, SegmentedControl, Select, SimpleGrid, Stack, Text, TextInput } from '@mantine/core';
import { type EmailConfig, emailConfigSchema } from '@risala/shared/schemas/senders';
import { type FormEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useLeaveGuard } from '../../../components/page/LeaveGuard.tsx';
import { useSandboxStatus } from '../../../components/sandbox-link/get-sandbox-status.ts';
import { apiFieldErrors, zodFieldErrors } from '../../../lib/forms.ts';
import { isApiError } from '../../../lib/http.ts';
import { translateMessage } from '../../../lib/i18n.ts';
import { showSuccessToast } from '../../../lib/toast.ts';
import { useSaveEmailConfig } from '../api/save-email-config.ts';

const FIELDS = [
  'provider',
  'from_name',
  'from_email',
  'reply_to',
  'smtp_host',
  'smtp_port',
  'smtp_user',
  'smtp_password',
  'smtp_security',
  'sendgrid_api_key',
  'sendgrid_webhook_key',
];

/**
 * Provider settings: SMTP relay, SendGrid, or the platform's sandbox while it runs. Saved secrets
 * show as "•••• saved" and are never sent back. Leaving with unsaved changes asks first.
 */
export function EmailConfigForm({ config, canEdit }: { config: EmailConfig | null; canEdit: boolean }) {
  const { t } = useTranslation();
  const save = useSaveEmailConfig();
  const sandbox = useSandboxStatus();
  const [initial, setInitial] = useState(() => ({
    provider: config?.provider ?? 'smtp',
    from_name: config?.from_name ?? '',
    from_email: config?.from_email ?? '',
    reply_to: config?.reply_to ?? '',
    smtp_host: config?.smtp_host ?? '',
    smtp_port: config?.smtp_port ?? 587,
    smtp_user: config?.smtp_user ?? '',
    smtp_password: '',
    smtp_security: config?.smtp_security ?? 'starttls',
    sendgrid_api_key: '',
    sendgrid_webhook_key: config?.sendgrid_webhook_key ?? '',
  }));
  const [v, setV] = useState(initial);
  const { guard } = useLeaveGuard(canEdit && JSON.stringify(v) !== JSON.stringify(initial));
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [formError, setFormError] = useState<string>();
  const set = (key: keyof typeof v, value: string | number) => {
    setV((s) => ({ ...s, [key]: value }));
    setErrors((e) => ({ ...e, [key]: '' }));
  };
  const text = (key: keyof typeof v) => ({
    value: String(v[key] ?? ''),
    onChange: (e: { currentTarget: { value: string } }) => set(key, e.currentTarget.value),
    error: translateMessage(errors[key]),
    disabled: !canEdit,
    'data-testid': `email-${key}`,
  });
  // the sandbox sender exists while the server runs its sandbox (the server refuses it otherwise)
  const providers = [...(sandbox.data?.enabled || config?.provider === 'sandbox' ? ['sandbox'] : []), 'smtp', 'sendgrid'];

  async function submit(event: FormEvent) {
    event.preventDefault();
    const parsed = emailConfigSchema.safeParse({
      ...v,
      reply_to: v.reply_to || null,
      smtp_password: v.smtp_password || undefined,
      sendgrid_api_key: v.sendgrid_api_key || undefined,
      sendgrid_webhook_key: v.sendgrid_webhook_key || null,
    });
    if (!parsed.success) return setErrors(zodFieldErrors(parsed.error));
    try {
      await save.mutateAsync(parsed.data);
      const saved = { ...v, smtp_password: '', sendgrid_api_key: '' };
      setV(saved);
      setInitial(saved);
      setFormError(undefined);
      showSuccessToast('senders.email.saved');
    } catch (err) {
      if (!isApiError(err)) return setFormError(String(err));
      const split = apiFieldErrors(err, FIELDS);
      setErrors(split.fields);
      setFormError(split.form);
    }
  }

  return (
    <form onSubmit={submit} noValidate data-testid="email-config-form">
      {guard}
      <Stack gap="sm">
        {formError && (
          <Text c="red" size="sm" role="alert" data-testid="email-config-error">
            {formError}
          </Text>
        )}
        <SegmentedControl
          value={v.provider}
          onChange={(value) => set('provider', value)}
          data={providers.map((p) => ({ value: p, label: t(`senders.email.providers.${p}`) }))}
          disabled={!canEdit}
          data-testid="email-provider"
        />
        <SimpleGrid cols={{ base: 1, sm: 2 }}>
          <TextInput label={t('senders.email.fields.from_name')} required {...text('from_name')} />
          <TextInput label={t('senders.email.fields.from_email')} required type="email" dir="ltr" {...text('from_email')} />
          <TextInput label={t('senders.email.fields.reply_to')} type="email" dir="ltr" {...text('reply_to')} />
        </SimpleGrid>
        {v.provider === 'smtp' && (
          <SimpleGrid cols={{ base: 1, sm: 2 }}>
            <TextInput label={t('senders.email.fields.smtp_host')} required dir="ltr" {...text('smtp_host')} />
            <NumberInput
              label={t('senders.email.fields.smtp_port')}
              required
              min={1}
              max={65535}
              value={v.smtp_port}
              onChange={(value) => set('smtp_port', Number(value) || 0)}
              error={translateMessage(errors.smtp_port)}
              disabled={!canEdit}
              data-testid="email-smtp_port"
            />
            <TextInput label={t('senders.email.fields.smtp_user')} dir="ltr" {...text('smtp_user')} />
            <PasswordInput
              label={t('senders.email.fields.smtp_password')}
              placeholder={config?.has_password ? t('senders.secretSaved') : ''}
              {...text('smtp_password')}
            />
            <Select
              label={t('senders.email.fields.smtp_security')}
              value={v.smtp_security}
              onChange={(value) => value && set('smtp_security', value)}
              data={['none', 'starttls', 'tls'].map((s) => ({ value: s, label: t(`senders.email.security.${s}`) }))}
              allowDeselect={false}
              disabled={!canEdit}
              data-testid="email-smtp_security"
            />
          </SimpleGrid>
        )}
        {v.provider === 'sendgrid' && (
          <SimpleGrid cols={{ base: 1, sm: 2 }}>
            <PasswordInput
              label={t('senders.email.fields.sendgrid_api_key')}
              placeholder={config?.has_api_key ? t('senders.secretSaved') : ''}
              {...text('sendgrid_api_key')}
            />
            <TextInput
              label={t('senders.email.fields.sendgrid_webhook_key')}
              description={
                config
                  ? t('senders.email.webhookUrl', {
                      url: `${window.location.origin}/api/sender-management/email/webhook-events/${config.id}`,
                    })
                  : undefined
              }
              dir="ltr"
              {...text('sendgrid_webhook_key')}
            />
          </SimpleGrid>
        )}
        {canEdit && (
          <Group>
            <Button type="submit" loading={save.isPending} data-testid="email-config-save">
              {t('senders.save')}
            </Button>
          </Group>
        )}
      </Stack>
    </form>
  );
}
