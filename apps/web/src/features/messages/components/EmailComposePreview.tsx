import { Group, Loader, Paper, Stack, Text } from '@mantine/core';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { EmailFrame } from '../../../components/email-preview/EmailFrame.tsx';
import { DraftPreview } from '../../../components/email-preview/DraftPreview.tsx';
import { LoadError } from '../../../components/page/LoadError.tsx';
import { UserText } from '../../../components/text/UserText.tsx';
import { useEmailTemplateRendition } from '../api/get-send-options.ts';

function Placeholder({ text }: { text: string }) {
  return (
    <Paper withBorder radius="md" p="md" data-testid="email-preview-empty">
      <Text size="sm" c="dimmed">
        {text}
      </Text>
    </Paper>
  );
}

/** An approved template as mail clients receive it (its placeholders shown as they are). */
function TemplatePreview({ id }: { id: number }) {
  const { t } = useTranslation();
  const rendition = useEmailTemplateRendition(id);
  if (rendition.isPending) return <Loader size="sm" />;
  if (rendition.isError) return <LoadError error={rendition.error} onRetry={() => void rendition.refetch()} />;
  return (
    <Stack gap="xs" data-testid="email-template-preview">
      <Group gap={4} wrap="nowrap">
        <Text size="sm" fw={600}>
          {t('templates.editor.subject')}:
        </Text>
        <Text size="sm">
          <UserText testId="draft-preview-subject">{rendition.data.subject}</UserText>
        </Text>
      </Group>
      <EmailFrame html={rendition.data.html} title={t('templates.preview.title')} />
    </Stack>
  );
}

/**
 * The email as it would arrive: who it is from, then a written body rendered by the server as sent
 * (with the first chosen customer's values) or the chosen template's rendition.
 */
export function EmailComposePreview(props: {
  from: string | null;
  templateId: number | null;
  subject: string;
  html: string | null;
  customerId: number | null;
}) {
  const { t } = useTranslation();
  let body: ReactNode;
  if (props.templateId !== null) body = <TemplatePreview id={props.templateId} />;
  else if (props.html) body = <DraftPreview subject={props.subject} html={props.html} customerId={props.customerId} />;
  else body = <Placeholder text={t('messages.compose.emailPreviewEmpty')} />;
  return (
    <Stack gap="xs" data-testid="email-compose-preview">
      <Text size="sm" fw={600}>
        {t('messages.compose.preview')}
      </Text>
      {props.from && (
        <Text size="sm" c="dimmed">
          {t('messages.compose.emailFrom')}: <UserText testId="email-preview-from">{props.from}</UserText>
        </Text>
      )}
      {body}
    </Stack>
  );
}
