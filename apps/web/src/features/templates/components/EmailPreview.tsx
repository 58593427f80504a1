import { Alert, Box, Group, Loader, SegmentedControl, Stack, Text } from '@mantine/core';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { LoadError } from '../../../components/page/LoadError.tsx';
import { useEmailRendition } from '../api/get-email-rendition.ts';

const WIDTHS = { desktop: 680, mobile: 375 } as const;

/** A sandboxed frame (no scripts, no same-origin) showing HTML the server sanitised and inlined. */
export function EmailFrame({ html, title }: { html: string; title: string }) {
  const [device, setDevice] = useState<keyof typeof WIDTHS>('desktop');
  const { t } = useTranslation();
  return (
    <Stack gap="xs">
      <SegmentedControl
        size="xs"
        value={device}
        onChange={(v) => setDevice(v as keyof typeof WIDTHS)}
        data={[
          { value: 'desktop', label: t('templates.preview.desktop') },
          { value: 'mobile', label: t('templates.preview.mobile') },
        ]}
        data-testid="preview-device"
        style={{ alignSelf: 'flex-start' }}
      />
      <Box style={{ overflowX: 'auto' }}>
        <iframe
          title={title}
          sandbox=""
          srcDoc={html}
          data-testid="email-preview-frame"
          data-device={device}
          style={{ inlineSize: WIDTHS[device], maxInlineSize: '100%', blockSize: 480, border: '1px solid var(--mantine-color-default-border)', borderRadius: 8, background: '#fff' }}
        />
      </Box>
    </Stack>
  );
}

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
        <Text size="sm">{rendition.data.subject}</Text>
      </Group>
      <EmailFrame html={rendition.data.html} title={t('templates.preview.title')} />
    </Stack>
  );
}
