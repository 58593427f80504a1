import { Group, Text } from '@mantine/core';
import { countSms } from '@risala/shared/sms';
import { useTranslation } from 'react-i18next';

/** Live length, encoding and parts of an SMS text (GSM-7 160/153, UCS-2 70/67). */
export function SmsCounter({ text }: { text: string }) {
  const { t } = useTranslation();
  const count = countSms(text);
  return (
    <Group gap="md" data-testid="sms-counter" data-encoding={count.encoding} data-parts={count.parts} aria-live="polite">
      <Text size="sm" c="dimmed">
        {t('templates.sms.encoding', { encoding: count.encoding })}
      </Text>
      <Text size="sm" c="dimmed">
        {t('templates.sms.length', { length: count.length })}
      </Text>
      <Text size="sm" c={count.parts > 1 ? 'orange' : 'dimmed'} data-testid="sms-parts">
        {t('templates.sms.parts', { n: count.parts })}
      </Text>
      <Text size="sm" c="dimmed" data-testid="sms-left">
        {t('templates.sms.left', { n: count.remainingInPart })}
      </Text>
    </Group>
  );
}
