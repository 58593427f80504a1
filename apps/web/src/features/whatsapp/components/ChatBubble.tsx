import { Box, Group, Stack, Text } from '@mantine/core';
import { type WaComponent, waPreview } from '@risala/shared/schemas/whatsapp';
import { IconCopy, IconExternalLink, IconFileText, IconPhone, IconPhoto, IconArrowBackUp, IconVideo } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import classes from './chat-bubble.module.css';

const MEDIA_ICONS = { IMAGE: IconPhoto, VIDEO: IconVideo, DOCUMENT: IconFileText };
const BUTTON_ICONS = { URL: IconExternalLink, PHONE_NUMBER: IconPhone, QUICK_REPLY: IconArrowBackUp, COPY_CODE: IconCopy };

/**
 * A WhatsApp-like received message: header, body with the examples substituted, footer, buttons.
 * Its direction follows the template's language (an Arabic template reads right-to-left even in
 * the English UI); the tail sits on the inline start like an incoming message.
 */
export function ChatBubble({ components, language }: { components: WaComponent[]; language: string }) {
  const { t } = useTranslation();
  const p = waPreview(components);
  const dir = /^ar\b|^ar_/.test(language) ? 'rtl' : 'ltr';
  const MediaIcon = p.header && p.header.format !== 'TEXT' ? MEDIA_ICONS[p.header.format] : null;
  return (
    <Box className={classes.backdrop} data-testid="wa-preview">
      {/* the bubble and its tail follow the page's direction, its text the template's language */}
      <Box className={classes.bubble}>
        <Box dir={dir}>
          {p.header?.format === 'TEXT' && p.header.text && (
            <Text fw={700} size="sm" mb={4} data-testid="wa-preview-header">
              {p.header.text}
            </Text>
          )}
          {MediaIcon && p.header && p.header.format !== 'TEXT' && (
            <Group className={classes.media} justify="center" gap={6}>
              <MediaIcon size={28} />
              <Text size="xs">{t(`whatsapp.preview.media.${p.header.format}`)}</Text>
            </Group>
          )}
          <Text size="sm" className={classes.body} data-testid="wa-preview-body">
            {p.body || (
              <Text span c="dimmed" size="sm">
                {t('whatsapp.preview.empty')}
              </Text>
            )}
          </Text>
          {p.footer && (
            <Text size="xs" c="dimmed" mt={4}>
              {p.footer}
            </Text>
          )}
        </Box>
        <Text size="10px" c="dimmed" ta="end">
          12:00
        </Text>
      </Box>
      {p.buttons.length > 0 && (
        <Stack gap={4} className={classes.buttons} dir={dir}>
          {p.buttons.map((b, i) => {
            const Icon = BUTTON_ICONS[b.type];
            const label = b.type === 'COPY_CODE' ? t('whatsapp.preview.copyCode') : b.text;
            return (
              <Group key={i} className={classes.button} justify="center" gap={6}>
                <Icon size={16} />
                <Text size="sm">{label || '…'}</Text>
              </Group>
            );
          })}
        </Stack>
      )}
    </Box>
  );
}
