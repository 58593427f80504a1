import { Button, Group, Modal, Text } from '@mantine/core';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { isolate } from '../../lib/i18n.ts';
import { acceptUrlSession } from '../../lib/session.ts';
import { getSession, setPendingUrlSession } from '../../lib/session-store.ts';

/** The question itself (a modal: loaded only when a link carries another user's session). */
export function SessionSwitchDialog() {
  const { t } = useTranslation();
  const [switching, setSwitching] = useState(false);
  const current = getSession().username;
  return (
    <Modal opened onClose={() => setPendingUrlSession(null)} title={t('session.switch.title')} centered>
      <Text size="sm" mb="md" data-testid="session-switch">
        {current ? t('session.switch.bodyNamed', { name: isolate(current) }) : t('session.switch.body')}
      </Text>
      <Group justify="flex-end">
        <Button variant="default" onClick={() => setPendingUrlSession(null)} data-testid="session-switch-stay">
          {t('session.switch.stay')}
        </Button>
        <Button
          color="red"
          loading={switching}
          onClick={() => {
            setSwitching(true);
            void acceptUrlSession();
          }}
          data-testid="session-switch-go"
        >
          {t('session.switch.go')}
        </Button>
      </Group>
    </Modal>
  );
}
