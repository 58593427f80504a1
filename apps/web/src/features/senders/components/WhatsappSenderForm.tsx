import { Button, Group, PasswordInput, SimpleGrid, Stack, Text, TextInput } from '@mantine/core';
import { type WhatsappSender, whatsappSenderSchema } from '@risala/shared/schemas/senders';
import { type FormEvent, useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { apiFieldErrors, zodFieldErrors } from '../../../lib/forms.ts';
import { isApiError } from '../../../lib/http.ts';
import { translateMessage } from '../../../lib/i18n.ts';
import { autoDir } from '../../../lib/text-direction.ts';
import { showSuccessToast } from '../../../lib/toast.ts';
import { useSaveWhatsappSender } from '../api/save-whatsapp-sender.ts';
import { WhatsappSetupGuide } from './WhatsappSetupGuide.tsx';

const FIELDS = ['display_name', 'phone_number', 'phone_number_id', 'business_account_id', 'access_token', 'app_secret'] as const;
type Field = (typeof FIELDS)[number];

/** The Cloud API number and its credentials; saved secrets show as "•••• saved". `onDirty` hears of unsaved changes. */
export function WhatsappSenderForm({
  sender,
  canEdit,
  onDirty,
}: {
  sender: WhatsappSender | null;
  canEdit: boolean;
  onDirty?: (dirty: boolean) => void;
}) {
  const { t } = useTranslation();
  const save = useSaveWhatsappSender();
  const [initial, setInitial] = useState<Record<Field, string>>(() => ({
    display_name: sender?.display_name ?? '',
    phone_number: sender?.phone_number ?? '',
    phone_number_id: sender?.phone_number_id ?? '',
    business_account_id: sender?.business_account_id ?? '',
    access_token: '',
    app_secret: '',
  }));
  const [v, setV] = useState(initial);
  const dirty = JSON.stringify(v) !== JSON.stringify(initial);
  useEffect(() => onDirty?.(dirty), [dirty, onDirty]);
  useEffect(() => () => onDirty?.(false), [onDirty]);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [formError, setFormError] = useState<string>();
  const field = (key: Field) => ({
    label: t(`senders.whatsapp.fields.${key}`),
    value: v[key],
    onChange: (e: { currentTarget: { value: string } }) => {
      const value = e.currentTarget.value;
      setV((s) => ({ ...s, [key]: value }));
      setErrors((er) => ({ ...er, [key]: '' }));
    },
    error: translateMessage(errors[key]),
    disabled: !canEdit,
    ...(key === 'display_name' ? { attributes: autoDir(v[key]) } : { dir: 'ltr' }),
    'data-testid': `wa-${key}`,
  });

  async function submit(event: FormEvent) {
    event.preventDefault();
    const input = { ...v, access_token: v.access_token || undefined, app_secret: v.app_secret || undefined };
    const parsed = whatsappSenderSchema.safeParse(input);
    if (!parsed.success) return setErrors(zodFieldErrors(parsed.error));
    try {
      await save.mutateAsync({ id: sender?.id, input: parsed.data });
      const saved = { ...v, access_token: '', app_secret: '' };
      setV(saved);
      setInitial(saved);
      setFormError(undefined);
      showSuccessToast('senders.whatsapp.saved');
    } catch (err) {
      if (!isApiError(err)) return setFormError(String(err));
      if (err.code === 'DATA_EXISTS') return setErrors({ phone_number_id: t('senders.whatsapp.exists') });
      const split = apiFieldErrors(err, FIELDS);
      setErrors(split.fields);
      setFormError(split.form);
    }
  }

  return (
    <form onSubmit={submit} noValidate data-testid="wa-sender-form">
      <Stack gap="sm">
        <WhatsappSetupGuide />
        {formError && (
          <Text c="red" size="sm" role="alert">
            {formError}
          </Text>
        )}
        <SimpleGrid cols={{ base: 1, sm: 2 }}>
          <TextInput required {...field('display_name')} />
          <TextInput required placeholder="+966501234567" {...field('phone_number')} />
          <TextInput required {...field('phone_number_id')} />
          <TextInput required {...field('business_account_id')} />
          <PasswordInput {...field('access_token')} placeholder={sender?.has_access_token ? t('senders.secretSaved') : ''} />
          <PasswordInput {...field('app_secret')} placeholder={sender?.has_app_secret ? t('senders.secretSaved') : ''} />
        </SimpleGrid>
        {canEdit && (
          <Group>
            <Button type="submit" loading={save.isPending} data-testid="wa-sender-save">
              {t('senders.save')}
            </Button>
          </Group>
        )}
      </Stack>
    </form>
  );
}
