import { Badge, Box, Group, Paper, Stack, Text } from '@mantine/core';
import { countSms } from '@risala/shared/sms';
import { renderVariables } from '@risala/shared/schemas/templates';
import { useTranslation } from 'react-i18next';
import { SAMPLE_VALUES } from '../compose.ts';

/** A phone-style preview of the SMS with sample personalisation, and the GSM-7/UCS-2 part counter. */
export function SmsPreview({ text, sender }: { text: string; sender: string | null }) {
  const { t } = useTranslation();
  const rendered = renderVariables(text, SAMPLE_VALUES, undefined, { isolate: true });
  const count = countSms(rendered);
  return (
    <Stack gap="xs">
      <Paper withBorder radius="lg" p="md" maw={340} bg="var(--mantine-color-gray-light)" data-testid="sms-preview">
        <Text size="xs" c="dimmed" ta="center" mb="xs">
          {sender ?? t('messages.compose.defaultSender')}
        </Text>
        <Box
          p="sm"
          style={{
            background: 'var(--mantine-color-body)',
            borderRadius: 12,
            borderEndStartRadius: 2,
            whiteSpace: 'pre-wrap',
            overflowWrap: 'anywhere',
          }}
        >
          <Text size="sm" dir="auto" data-testid="sms-preview-text">
            {rendered || t('messages.compose.previewEmpty')}
          </Text>
        </Box>
      </Paper>
      <Group gap="xs" data-testid="sms-counter">
        <Badge variant="light" data-testid="sms-encoding">
          {count.encoding}
        </Badge>
        <Text size="sm" data-testid="sms-parts" data-parts={count.parts}>
          {t('messages.compose.counter', { length: count.length, parts: count.parts, remaining: count.remainingInPart })}
        </Text>
      </Group>
      {text !== rendered && (
        <Text size="xs" c="dimmed">
          {t('messages.compose.sampleNote')}
        </Text>
      )}
    </Stack>
  );
}
