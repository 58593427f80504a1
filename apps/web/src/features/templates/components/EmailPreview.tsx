import { Alert, Box, Group, Loader, SegmentedControl, Stack, Text, useDirection } from '@mantine/core';
import { useElementSize } from '@mantine/hooks';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { LoadError } from '../../../components/page/LoadError.tsx';
import { useEmailRendition } from '../api/get-email-rendition.ts';
import { UserText } from '../../../components/text/UserText.tsx';

/** The frame a mail client gives the email: a desktop window, a phone screen (CSS pixels). */
export const DEVICES = { desktop: { width: 800, height: 760 }, mobile: { width: 375, height: 667 } } as const;
type Device = keyof typeof DEVICES;

/**
 * A sandboxed frame (no scripts, no same-origin) showing HTML the server sanitised and inlined, at
 * the device's real width — the email lays out as it would there — scaled down to fit the column.
 */
export function EmailFrame({ html, title }: { html: string; title: string }) {
  const [device, setDevice] = useState<Device>('desktop');
  const { t } = useTranslation();
  const { dir } = useDirection();
  const { ref, width: available } = useElementSize();
  const { width, height } = DEVICES[device];
  const scale = available > 0 ? Math.min(1, available / width) : 1;
  return (
    <Stack gap="xs">
      <SegmentedControl
        size="xs"
        value={device}
        onChange={(v) => setDevice(v as Device)}
        data={[
          { value: 'desktop', label: t('templates.preview.desktop') },
          { value: 'mobile', label: t('templates.preview.mobile') },
        ]}
        data-testid="preview-device"
        style={{ alignSelf: 'flex-start' }}
      />
      <Box ref={ref} style={{ inlineSize: '100%' }}>
        <Box
          style={{ position: 'relative', overflow: 'hidden', inlineSize: width * scale, blockSize: height * scale, marginInline: 'auto' }}
          data-testid="email-preview-viewport"
        >
          <iframe
            title={title}
            sandbox=""
            srcDoc={html}
            data-testid="email-preview-frame"
            data-device={device}
            data-scale={scale.toFixed(2)}
            style={{
              position: 'absolute',
              insetBlockStart: 0,
              insetInlineStart: 0,
              boxSizing: 'border-box',
              inlineSize: width,
              blockSize: height,
              border: '1px solid var(--mantine-color-default-border)',
              borderRadius: 8,
              background: '#fff',
              transform: `scale(${scale})`,
              // scaled from the inline-start corner, where the frame sits
              transformOrigin: dir === 'rtl' ? 'top right' : 'top left',
            }}
          />
        </Box>
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
        <Text size="sm">
          <UserText testId="email-preview-subject">{rendition.data.subject}</UserText>
        </Text>
      </Group>
      <EmailFrame html={rendition.data.html} title={t('templates.preview.title')} />
    </Stack>
  );
}
