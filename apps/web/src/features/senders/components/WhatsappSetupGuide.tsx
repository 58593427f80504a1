import { Accordion, List, Text } from '@mantine/core';
import { IconListNumbers } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';

const STEPS = ['app', 'number', 'ids', 'token', 'secret', 'verify'] as const;

/**
 * Where each value of a WhatsApp sender is found in Meta's consoles, step by step: the phone number id and token are not where a marketer would look for them.
 */
export function WhatsappSetupGuide() {
  const { t } = useTranslation();
  return (
    <Accordion variant="contained" data-testid="wa-setup-guide">
      <Accordion.Item value="guide">
        <Accordion.Control icon={<IconListNumbers size={18} />}>{t('senders.whatsapp.guide.title')}</Accordion.Control>
        <Accordion.Panel>
          <List type="ordered" spacing="xs" size="sm">
            {STEPS.map((step) => (
              <List.Item key={step}>{t(`senders.whatsapp.guide.steps.${step}`)}</List.Item>
            ))}
          </List>
          <Text size="xs" c="dimmed" mt="sm">
            {t('senders.whatsapp.guide.note')}
          </Text>
        </Accordion.Panel>
      </Accordion.Item>
    </Accordion>
  );
}
