import { Button, Group, Modal, Text } from '@mantine/core';
import { useState, useSyncExternalStore } from 'react';
import { useTranslation } from 'react-i18next';
import { isolate } from '../../lib/i18n.ts';
import { acceptUrlSession } from '../../lib/session.ts';
import { getPendingUrlSession, getSession, setPendingUrlSession, subscribeSession } from '../../lib/session-store.ts';

/**
 * A link that carries another user's session (?token=…&user_id=…) opened in a browser that is
 * signed in: asks before switching accounts; staying keeps the current session and drops the link's.
 */
export function SessionSwitchPrompt() {
  const { t } = useTranslation();
  const pending = useSyncExternalStore(subscribeSession, getPendingUrlSession);
  const [switching, setSwitching] = useState(false);
  if (!pending) return null;
  const current = getSession().username;
  return (
    <Modal
      opened
      onClose={() => setPendingUrlSession(null)}
      title={t('session.switch.title')}
      centered
    >
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
