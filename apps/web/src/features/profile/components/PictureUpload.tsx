import { Avatar, Button, FileButton, Group, Stack, Text } from '@mantine/core';
import { LIMITS } from '@risala/shared/constants';
import { IconPhoto, IconUpload } from '@tabler/icons-react';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { UserAvatar } from '../../../components/layout/UserAvatar.tsx';
import { isApiError } from '../../../lib/http.ts';
import { showSuccessToast } from '../../../lib/toast.ts';
import { useUploadProfilePicture } from '../api/upload-profile-picture.ts';
import { pictureProblem } from '../picture.ts';

/** Choose a JPG/PNG (≤ 10 MB), see it, upload it. */
export function PictureUpload({ userId, name }: { userId: string; name: string }) {
  const { t } = useTranslation();
  const [file, setFile] = useState<File | null>(null);
  const [preview, setPreview] = useState<string>();
  const [error, setError] = useState<string>();
  const upload = useUploadProfilePicture(userId);

  useEffect(() => {
    if (!file) {
      setPreview(undefined);
      return;
    }
    const url = URL.createObjectURL(file);
    setPreview(url);
    return () => URL.revokeObjectURL(url);
  }, [file]);

  function choose(next: File | null) {
    setError(undefined);
    if (!next) return;
    const problem = pictureProblem(next);
    if (problem) {
      setFile(null);
      setError(
        t(problem === 'type' ? 'profile.picture.badType' : 'profile.picture.tooBig', {
          mb: LIMITS.uploadMaxBytes / 1024 / 1024,
        }),
      );
      return;
    }
    setFile(next);
  }

  async function send() {
    if (!file) return;
    try {
      await upload.mutateAsync(file);
      setFile(null);
      showSuccessToast('profile.picture.uploaded');
    } catch (err) {
      setError(isApiError(err) ? err.message : t('common.loadFailed'));
    }
  }

  return (
    <Group gap="lg" align="center" wrap="nowrap">
      {preview ? (
        <Avatar src={preview} size={96} radius={1000} alt={t('profile.picture.preview')} data-testid="picture-preview" />
      ) : (
        <UserAvatar name={name} size={96} />
      )}
      <Stack gap={6}>
        <Group gap="xs">
          <FileButton onChange={choose} accept="image/png,image/jpeg">
            {(props) => (
              <Button variant="default" leftSection={<IconPhoto size={16} />} data-testid="picture-choose" {...props}>
                {t('profile.picture.choose')}
              </Button>
            )}
          </FileButton>
          <Button
            leftSection={<IconUpload size={16} />}
            onClick={send}
            disabled={!file}
            loading={upload.isPending}
            data-testid="picture-upload"
          >
            {t('profile.picture.upload')}
          </Button>
        </Group>
        <Text size="xs" c="dimmed">
          {t('profile.picture.hint')}
        </Text>
        {error && (
          <Text size="sm" c="red" role="alert" data-testid="picture-error">
            {error}
          </Text>
        )}
      </Stack>
    </Group>
  );
}
