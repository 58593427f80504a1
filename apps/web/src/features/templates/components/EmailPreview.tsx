import { Alert, Group, Loader, Stack, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { EmailFrame } from '../../../components/email-preview/EmailFrame.tsx';
import { LoadError } from '../../../components/page/LoadError.tsx';
import { useEmailRendition } from '../api/get-email-rendition.ts';
import { UserText } from '../../../components/text/UserText.tsx';

/** The saved email as mail clients receive it (GET /api/templates/{id}/email). */
export function EmailPreview({ id, dirty }: { id: number; dirty: boolean }) {
  const { t } = useTranslation();
  const rendition = useEmailRendition(id);
  if (rendition.isPending) return <Loader size="sm" />;
  if (rendition.isError) return <LoadError error={rendition.error} onRetry={() => void rendition.refetch()} />;
  return (
    <Stack gap="xs" data-testid="email-preview">
      {dirty && (
        <Alert variant="light" color="blue" p="xs">
          {t('templates.preview.saveToRefresh')}
        </Alert>
      )}
      <Group gap={4}>
        <Text size="sm" fw={600}>
          {t('templates.editor.subject')}:
        </Text>
        <Text size="sm">
          <UserText testId="email-preview-subject">{rendition.data.subject}</UserText>
        </Text>
      </Group>
      <EmailFrame html={rendition.data.html} title={t('templates.preview.title')} />
    </Stack>
  );
}
