import { Alert, Group, Loader, Stack, Text } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { useTranslation } from 'react-i18next';
import { LoadError } from '../page/LoadError.tsx';
import { EmailFrame, type PreviewDevice } from './EmailFrame.tsx';
import { useRenderedEmail } from './render-email.ts';

/**
 * An email being edited, rendered by the server exactly as it would be sent (the design through
 * MJML, the sanitiser, inlined CSS), with one customer's values filled in when one is chosen.
 */
export function DraftPreview({
  subject,
  mjml,
  html,
  customerId,
  device,
}: {
  subject: string;
  mjml?: string | null;
  html?: string | null;
  customerId: number | null;
  device?: PreviewDevice;
}) {
  const { t } = useTranslation();
  const [input] = useDebouncedValue(
    { subject, ...(mjml ? { mjml } : { html: html ?? '' }), ...(customerId ? { customer_id: customerId } : {}) },
    400,
  );
  const rendered = useRenderedEmail(input);
  if (rendered.isError) return <LoadError error={rendered.error} onRetry={() => void rendered.refetch()} />;
  if (!rendered.data) return rendered.isFetching ? <Loader size="sm" /> : null;
  return (
    <Stack gap="xs" data-testid="draft-preview" data-customer={rendered.data.customer?.id ?? ''}>
      {!rendered.data.customer && (
        <Alert variant="light" color="gray" p="xs">
          {t('builder.preview.noCustomer')}
        </Alert>
      )}
      <Group gap={4} wrap="nowrap">
        <Text size="sm" fw={600}>
          {t('templates.editor.subject')}:
        </Text>
        <Text size="sm" dir="auto" data-testid="draft-preview-subject">
          {rendered.data.subject}
        </Text>
        {rendered.isFetching && <Loader size="xs" />}
      </Group>
      <EmailFrame html={rendered.data.html} title={t('templates.preview.title')} device={device} />
    </Stack>
  );
}
