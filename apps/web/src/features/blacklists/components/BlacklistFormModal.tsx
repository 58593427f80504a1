import { Alert, Button, Group, Modal, SegmentedControl, Stack, Text, Textarea, TextInput } from '@mantine/core';
import { type Blacklist, type BlacklistType, createBlacklistSchema, updateBlacklistSchema } from '@risala/shared/schemas/blacklists';
import type { FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { useForm } from '../../../lib/forms.ts';
import { showSuccessToast } from '../../../lib/toast.ts';
import { useSaveBlacklist } from '../api/save-blacklist.ts';

interface Props {
  blacklist: Blacklist | null;
  onClose: (saved?: Blacklist) => void;
}

/** Create or edit a blacklist: name, MT/MO type and a description. */
export function BlacklistFormModal({ blacklist, onClose }: Props) {
  const { t } = useTranslation();
  const form = useForm({
    blacklist_name: blacklist?.blacklist_name ?? '',
    blacklist_type: (blacklist?.blacklist_type ?? 'MT') as string,
    description: blacklist?.description ?? '',
  });
  const save = useSaveBlacklist(blacklist?.id ?? null);

  async function submit(event: FormEvent) {
    event.preventDefault();
    const values = { ...form.values, description: form.values.description || null };
    const input = blacklist ? form.validate(updateBlacklistSchema, values) : form.validate(createBlacklistSchema, values);
    if (!input) return;
    try {
      const saved = await save.mutateAsync(input);
      showSuccessToast(blacklist ? 'blacklists.saved' : 'blacklists.created');
      onClose(saved);
    } catch (err) {
      form.showApiError(err);
    }
  }

  return (
    <Modal opened onClose={() => onClose()} title={blacklist ? t('blacklists.edit') : t('blacklists.new')} centered>
      <form onSubmit={submit} noValidate>
        <Stack gap="sm">
          {form.formError && (
            <Alert color="red" role="alert" data-testid="form-error">
              {form.formError}
            </Alert>
          )}
          <TextInput
            label={t('blacklists.fields.blacklist_name')}
            required
            data-testid="blacklist-name"
            {...form.inputProps('blacklist_name')}
          />
          <div>
            <Text size="sm" fw={500} mb={4}>
              {t('blacklists.fields.blacklist_type')}
            </Text>
            <SegmentedControl
              value={form.values.blacklist_type}
              onChange={(v) => form.setValue('blacklist_type', v as BlacklistType)}
              data-testid="blacklist-type"
              data={[
                { value: 'MT', label: t('blacklists.types.MT') },
                { value: 'MO', label: t('blacklists.types.MO') },
              ]}
            />
          </div>
          <Textarea label={t('blacklists.fields.description')} autosize minRows={2} {...form.inputProps('description')} />
          <Group justify="flex-end">
            <Button variant="default" onClick={() => onClose()}>
              {t('blacklists.actions.cancel')}
            </Button>
            <Button type="submit" loading={save.isPending} data-testid="blacklist-save">
              {t('blacklists.actions.save')}
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}
