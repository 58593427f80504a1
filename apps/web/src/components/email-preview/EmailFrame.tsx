import { Box, SegmentedControl, Stack, useDirection } from '@mantine/core';
import { useElementSize } from '@mantine/hooks';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';

/** The frame a mail client gives the email: a desktop window, a phone screen (CSS pixels). */
export const DEVICES = { desktop: { width: 800, height: 760 }, mobile: { width: 375, height: 667 } } as const;
export type PreviewDevice = keyof typeof DEVICES;

/**
 * A sandboxed frame (no scripts, no same-origin) showing HTML the server sanitised and inlined, at
 * the device's real width — the email lays out as it would there — scaled down to fit the column.
 */
export function EmailFrame({ html, title, device: fixed }: { html: string; title: string; device?: PreviewDevice }) {
  // on a phone the desktop window would be scaled to unreadable: start with the phone screen
  const [chosen, setDevice] = useState<PreviewDevice>(() =>
    typeof window !== 'undefined' && window.matchMedia?.('(max-width: 48em)').matches ? 'mobile' : 'desktop',
  );
  const device = fixed ?? chosen;
  const { t } = useTranslation();
  const { dir } = useDirection();
  const { ref, width: available } = useElementSize();
  const { width, height } = DEVICES[device];
  const scale = available > 0 ? Math.min(1, available / width) : 1;
  return (
    <Stack gap="xs">
      {!fixed && (
        <SegmentedControl
          size="xs"
          value={device}
          onChange={(v) => setDevice(v as PreviewDevice)}
          data={[
            { value: 'desktop', label: t('templates.preview.desktop') },
            { value: 'mobile', label: t('templates.preview.mobile') },
          ]}
          data-testid="preview-device"
          style={{ alignSelf: 'flex-start' }}
        />
      )}
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
