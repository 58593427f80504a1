import { Button, Group, Modal, Stack, Text } from '@mantine/core';
import type { ContentItem } from '@risala/shared/schemas/content';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { isApiError } from '../../../lib/http.ts';
import { showSuccessToast } from '../../../lib/toast.ts';
import { useDeleteContent } from '../api/delete-content.ts';

export function DeleteContentModal({ item, onClose }: { item: ContentItem | null; onClose: () => void }) {
  const { t } = useTranslation();
  const remove = useDeleteContent();
  const [error, setError] = useState<string>();

  function close() {
    setError(undefined);
    onClose();
  }

  async function confirm() {
    if (!item) return;
    try {
      await remove.mutateAsync(item.id);
      showSuccessToast('content.toast.deleted', { title: item.title });
      close();
    } catch (err) {
      setError(isApiError(err) ? err.message : t('common.loadFailed'));
    }
  }

  return (
    <Modal opened={item !== null} onClose={close} title={t('content.delete.title')}>
      <Stack gap="md">
        <Text>{t('content.delete.confirm', { title: item?.title ?? '' })}</Text>
        {error && (
          <Text c="red" size="sm" role="alert">
            {error}
          </Text>
        )}
        <Group justify="flex-end">
          <Button variant="default" onClick={close}>
            {t('content.actions.cancel')}
          </Button>
          <Button color="red" onClick={confirm} loading={remove.isPending} data-testid="content-delete-confirm">
            {t('content.actions.delete')}
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}
