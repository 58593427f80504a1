import { Alert, Button, Group } from '@mantine/core';
import { IconSend } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { isApiError } from '../../../lib/http.ts';
import { translateMessage } from '../../../lib/i18n.ts';

/** The send error (inline, with field errors) and the Cancel / Send buttons. */
export function SendFooter(props: { error: unknown; disabled: boolean; loading: boolean; scheduled: boolean; onSend: () => void }) {
  const { t } = useTranslation();
  const e = isApiError(props.error) ? props.error : null;
  return (
    <>
      {props.error !== null && props.error !== undefined && (
        <Alert color="red" data-testid="send-error" data-code={e?.code}>
          {e && !e.isNetworkError ? e.message : t('messages.compose.sendFailed')}
          {e?.errors?.map((f) => (
            <div key={`${'field' in f ? f.field : ''}${f.message}`}>{translateMessage(f.message)}</div>
          ))}
        </Alert>
      )}
      <Group justify="flex-end">
        <Button component={Link} to="/message-history" variant="default">
          {t('messages.compose.cancel')}
        </Button>
        <Button leftSection={<IconSend size={16} className="mirror-rtl" />} disabled={props.disabled} loading={props.loading} onClick={props.onSend} data-testid="compose-send">
          {t(props.scheduled ? 'messages.compose.scheduleSend' : 'messages.compose.send')}
        </Button>
      </Group>
    </>
  );
}
