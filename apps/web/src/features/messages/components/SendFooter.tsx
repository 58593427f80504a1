import { Button, Group } from '@mantine/core';
import { IconSend } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { ApiErrorAlert } from '../../../components/page/ApiErrorAlert.tsx';

/** The send error (inline, with field errors) and the Cancel / Send buttons. */
export function SendFooter(props: { error: unknown; disabled: boolean; loading: boolean; scheduled: boolean; onSend: () => void }) {
  const { t } = useTranslation();
  return (
    <>
      {props.error !== null && props.error !== undefined && (
        <ApiErrorAlert error={props.error} fallback={t('messages.compose.sendFailed')} testId="send-error" />
      )}
      <Group justify="flex-end">
        <Button component={Link} to="/message-history" variant="default">
          {t('messages.compose.cancel')}
        </Button>
        <Button
          leftSection={<IconSend size={16} className="mirror-rtl" />}
          disabled={props.disabled}
          loading={props.loading}
          onClick={props.onSend}
          data-testid="compose-send"
          data-primary-action
        >
          {t(props.scheduled ? 'messages.compose.scheduleSend' : 'messages.compose.send')}
        </Button>
      </Group>
    </>
  );
}
