import { Button, Group, Modal, Stack, Text } from '@mantine/core';
import type { Brand } from '@risala/shared/schemas/brands';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { isApiError } from '../../../lib/http.ts';
import { showSuccessToast } from '../../../lib/toast.ts';
import { useDeleteBrand } from '../api/delete-brand.ts';

/** Confirm before deleting; a brand in use (BRAND_IN_USE) says what holds on to it. */
export function DeleteBrandModal({ brand, onClose }: { brand: Brand | null; onClose: () => void }) {
  const { t } = useTranslation();
  const remove = useDeleteBrand();
  const [error, setError] = useState<string>();

  function close() {
    setError(undefined);
    onClose();
  }

  async function confirm() {
    if (!brand) return;
    try {
      await remove.mutateAsync(brand.id);
      showSuccessToast('brands.toast.deleted', { name: brand.name });
      close();
    } catch (err) {
      if (isApiError(err) && err.code === 'BRAND_IN_USE') {
        const usage = (err.data ?? {}) as { content?: number };
        setError(t('brands.delete.inUse', { count: usage.content ?? 0 }));
      } else {
        setError(isApiError(err) ? err.message : t('common.loadFailed'));
      }
    }
  }

  return (
    <Modal opened={brand !== null} onClose={close} title={t('brands.delete.title')} data-testid="brand-delete-modal">
      <Stack gap="md">
        <Text>{t('brands.delete.confirm', { name: brand?.name ?? '' })}</Text>
        {error && (
          <Text c="red" size="sm" role="alert" data-testid="brand-delete-error">
            {error}
          </Text>
        )}
        <Group justify="flex-end">
          <Button variant="default" onClick={close}>
            {t('brands.actions.cancel')}
          </Button>
          <Button color="red" onClick={confirm} loading={remove.isPending} data-testid="brand-delete-confirm">
            {t('brands.actions.delete')}
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}
