import { Box, Divider, Group, Paper, Stack, Text } from '@mantine/core';
import { type WaBody, type WaComponent, waPreview, waSubstitute } from '@risala/shared/schemas/whatsapp';
import { IconBrandWhatsapp } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';

/** A phone-style chat preview: the template with the typed parameters (or its examples), or the free text. */
export function WhatsappPreview({
  components,
  params,
  text,
  sender,
}: {
  components: WaComponent[] | null;
  params: string[];
  text: string;
  sender: string | null;
}) {
  const { t } = useTranslation();
  const preview = components ? waPreview(components) : null;
  const bodyText = components?.find((c): c is WaBody => c.type === 'BODY')?.text ?? '';
  const body = components ? waSubstitute(bodyText, params) : text;
  return (
    <Paper radius="lg" p={0} maw={340} withBorder style={{ overflow: 'hidden' }} data-testid="wa-preview">
      <Group gap="xs" p="xs" bg="teal.7" c="white">
        <IconBrandWhatsapp size={18} />
        <Text size="sm" fw={600}>
          {sender ?? t('messages.compose.defaultSender')}
        </Text>
      </Group>
      <Box p="md" mih={180} style={{ background: 'var(--mantine-color-gray-light)' }}>
        <Box p="sm" maw="85%" style={{ background: 'var(--mantine-color-body)', borderRadius: 10, borderStartStartRadius: 2 }}>
          <Stack gap={4}>
            {preview?.header?.format === 'TEXT' && (
              <Text fw={700} size="sm" dir="auto">
                {preview.header.text}
              </Text>
            )}
            <Text size="sm" dir="auto" style={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' }} data-testid="wa-preview-body">
              {body || t('messages.compose.previewEmpty')}
            </Text>
            {preview?.footer && (
              <Text size="xs" c="dimmed" dir="auto">
                {preview.footer}
              </Text>
            )}
            {preview && preview.buttons.length > 0 && (
              <>
                <Divider />
                {preview.buttons.map((b, i) => (
                  <Text key={`${b.type}-${i}`} size="sm" c="blue" ta="center">
                    {'text' in b ? b.text : b.type}
                  </Text>
                ))}
              </>
            )}
          </Stack>
        </Box>
      </Box>
    </Paper>
  );
}
