import {
  Alert,
  Button,
  Checkbox,
  Group,
  Modal,
  NumberInput,
  SegmentedControl,
  SimpleGrid,
  Stack,
  Text,
  Textarea,
  TextInput,
} from '@mantine/core';
import {
  API_KEY_SCOPES,
  API_KEY_TYPES,
  type ApiKey,
  type ApiKeyScope,
  type ApiKeySecret,
  type ApiKeyType,
  createApiKeySchema,
  DEFAULT_KEY_RATE,
} from '@risala/shared/schemas/api-keys';
import { CopyField } from '../../components/copy-field/CopyField.tsx';
import { IconAlertTriangle } from '@tabler/icons-react';
import { type FormEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ConfirmModal } from '../../components/page/ConfirmModal.tsx';
import { useForm } from '../../lib/forms.ts';
import { showSuccessToast } from '../../lib/toast.ts';
import { useCreateApiKey, useRevokeApiKey, useRotateApiKey } from './api.ts';

/** The password, once: after create or rotate. Closing it is the last time anyone sees it. */
export function SecretModal({ secret, onClose }: { secret: ApiKeySecret; onClose: () => void }) {
  const { t } = useTranslation();
  const origin = typeof window === 'undefined' ? '' : window.location.origin;
  const bearer = `${secret.client_id}.${secret.password}`;
  const curl = `curl -X POST ${origin}/api/v1/messages/sms \\\n  -H "Authorization: Bearer ${bearer}" \\\n  -H "Content-Type: application/json" \\\n  -H "Idempotency-Key: order-1001" \\\n  -d '{"to": "+966500000000", "text": "Your order has shipped", "reference": "order-1001"}'`;
  return (
    <Modal
      opened
      onClose={onClose}
      title={t('apiKeys.secret.title')}
      centered
      size="lg"
      closeOnClickOutside={false}
      data-testid="api-key-secret"
    >
      <Stack gap="sm">
        <Alert color="yellow" icon={<IconAlertTriangle size={18} />}>
          {t('apiKeys.secret.warning')}
        </Alert>
        <CopyField label={t('apiKeys.secret.clientId')} value={secret.client_id} testId="api-key-client-id" />
        <CopyField label={t('apiKeys.secret.password')} value={secret.password} testId="api-key-password" />
        <CopyField label={t('apiKeys.secret.bearer')} value={`Authorization: Bearer ${bearer}`} testId="api-key-bearer" />
        <CopyField label={t('apiKeys.secret.curl')} value={curl} testId="api-key-curl" />
        <Group justify="flex-end">
          <Button onClick={onClose} data-testid="api-key-secret-done">
            {t('apiKeys.secret.done')}
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}

/** New API key: name, integration type, scopes, optional IP allow-list, expiry and rate. */
export function CreateApiKeyModal({ onClose, onCreated }: { onClose: () => void; onCreated: (s: ApiKeySecret) => void }) {
  const { t } = useTranslation();
  const form = useForm({ name: '', ip_allow_list: '', expires_on: '' });
  const [type, setType] = useState<ApiKeyType>('rest');
  const [scopes, setScopes] = useState<ApiKeyScope[]>(['sms:send', 'messages:read']);
  const [rate, setRate] = useState<number | string>(DEFAULT_KEY_RATE);
  const create = useCreateApiKey();
  const errorOf = (prefix: string) => {
    const key = Object.keys(form.errors).find((k) => k === prefix || k.startsWith(`${prefix}.`));
    const message = key ? (form.errors as Record<string, string | undefined>)[key] : undefined;
    return message ? t(message) : undefined;
  };

  async function submit(event: FormEvent) {
    event.preventDefault();
    const day = form.values.expires_on;
    const input = form.validate(createApiKeySchema, {
      name: form.values.name,
      integration_type: type,
      scopes,
      ip_allow_list: form.values.ip_allow_list
        .split(/[\s,]+/)
        .map((v) => v.trim())
        .filter(Boolean),
      expires_at: day ? new Date(`${day}T23:59:59`).toISOString() : null,
      rate_per_second: rate === '' ? undefined : rate,
    });
    if (!input) return;
    try {
      onCreated(await create.mutateAsync(input));
    } catch (err) {
      form.showApiError(err);
    }
  }

  return (
    <Modal opened onClose={onClose} title={t('apiKeys.create.title')} centered size="lg">
      <form onSubmit={submit} noValidate>
        <Stack gap="sm">
          {form.formError && (
            <Alert color="red" role="alert" data-testid="form-error">
              {form.formError}
            </Alert>
          )}
          <TextInput
            label={t('apiKeys.create.name')}
            description={t('apiKeys.create.nameHint')}
            required
            data-testid="api-key-name"
            {...form.inputProps('name')}
          />
          <Stack gap={4}>
            <Text size="sm" fw={500} id="api-key-type-label">
              {t('apiKeys.create.type')}
            </Text>
            <SegmentedControl
              aria-labelledby="api-key-type-label"
              value={type}
              onChange={(v) => setType(v as ApiKeyType)}
              data={API_KEY_TYPES.map((v) => ({ value: v, label: t(`apiKeys.types.${v}`) }))}
              data-testid="api-key-type"
            />
          </Stack>
          <Checkbox.Group
            label={t('apiKeys.create.scopes')}
            value={scopes}
            onChange={(v) => setScopes(v as ApiKeyScope[])}
            error={errorOf('scopes')}
            data-testid="api-key-scopes"
          >
            <SimpleGrid cols={{ base: 1, xs: 2 }} spacing="xs" mt={6}>
              {API_KEY_SCOPES.map((s) => (
                <Checkbox key={s} value={s} label={t(`apiKeys.scopes.${s.replace(':', '_')}`)} />
              ))}
            </SimpleGrid>
          </Checkbox.Group>
          <Textarea
            label={t('apiKeys.create.ipAllowList')}
            description={t('apiKeys.create.ipAllowListHint')}
            dir="ltr"
            autosize
            minRows={2}
            data-testid="api-key-ips"
            {...form.inputProps('ip_allow_list')}
            error={errorOf('ip_allow_list')}
          />
          <SimpleGrid cols={{ base: 1, xs: 2 }} spacing="sm">
            <TextInput
              type="date"
              label={t('apiKeys.create.expires')}
              description={t('apiKeys.create.expiresHint')}
              {...form.inputProps('expires_on')}
              error={errorOf('expires_at')}
            />
            <NumberInput
              label={t('apiKeys.create.rate')}
              min={1}
              max={1000}
              value={rate}
              onChange={setRate}
              error={errorOf('rate_per_second')}
            />
          </SimpleGrid>
          <Group justify="flex-end">
            <Button variant="default" onClick={onClose}>
              {t('apiKeys.cancel')}
            </Button>
            <Button type="submit" loading={create.isPending} data-testid="api-key-create-submit">
              {t('apiKeys.create.submit')}
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}

/** Rotate: a grace period during which the current password keeps working. */
export function RotateApiKeyModal({
  apiKey,
  onClose,
  onRotated,
}: {
  apiKey: ApiKey;
  onClose: () => void;
  onRotated: (s: ApiKeySecret) => void;
}) {
  const { t } = useTranslation();
  const [grace, setGrace] = useState<number | string>(24);
  const rotate = useRotateApiKey();
  return (
    <ConfirmModal
      opened
      title={t('apiKeys.rotate.title', { name: apiKey.name })}
      cancelLabel={t('apiKeys.cancel')}
      confirmLabel={t('apiKeys.rotate.confirm')}
      color="blue"
      loading={rotate.isPending}
      onCancel={onClose}
      onConfirm={async () => {
        try {
          onRotated(await rotate.mutateAsync({ id: apiKey.id, grace_hours: Number(grace) || 0 }));
        } catch {
          onClose();
        }
      }}
      testId="api-key-rotate"
    >
      <Text size="sm">{t('apiKeys.rotate.text')}</Text>
      <NumberInput label={t('apiKeys.rotate.grace')} min={0} max={168} value={grace} onChange={setGrace} data-testid="api-key-grace" />
    </ConfirmModal>
  );
}

/** Revoke: the key stops working at once. */
export function RevokeApiKeyModal({ apiKey, onClose }: { apiKey: ApiKey; onClose: () => void }) {
  const { t } = useTranslation();
  const revoke = useRevokeApiKey();
  return (
    <ConfirmModal
      opened
      title={t('apiKeys.revoke.title', { name: apiKey.name })}
      cancelLabel={t('apiKeys.cancel')}
      confirmLabel={t('apiKeys.revoke.confirm')}
      loading={revoke.isPending}
      onCancel={onClose}
      onConfirm={async () => {
        try {
          await revoke.mutateAsync(apiKey.id);
          showSuccessToast('apiKeys.revoke.done');
        } finally {
          onClose();
        }
      }}
      testId="api-key-revoke"
    >
      <Text size="sm">{t('apiKeys.revoke.text')}</Text>
    </ConfirmModal>
  );
}
