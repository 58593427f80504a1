import { Alert, Grid, Paper, Stack, Text, Title } from '@mantine/core';
import { can } from '@risala/shared/permissions';
import type { SendResult } from '@risala/shared/schemas/messages';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { isApiError } from '../../../lib/http.ts';
import { useSession } from '../../../lib/session.ts';
import { EstimatePanel } from './EstimatePanel.tsx';
import { type AddressKind, RecipientsPicker, type RecipientsDraft } from './RecipientsPicker.tsx';
import { ScheduleField, type ScheduleDraft } from './ScheduleField.tsx';
import { SendFooter } from './SendFooter.tsx';

/**
 * The frame the New message screens (SMS, WhatsApp, email) share: title, a form card that starts with the recipients and
 * ends with the schedule, a side column with the channel's preview and the estimate, and the send bar.
 * A role that may not send (campaign create) sees why instead of a form whose send would be refused.
 */
export function ComposeLayout(props: {
  testId: string;
  title: string;
  subtitle: string;
  /** what can be typed as a recipient: numbers (default) or email addresses */
  kind?: AddressKind;
  recipients: RecipientsDraft;
  onRecipients: (value: RecipientsDraft) => void;
  schedule: ScheduleDraft;
  onSchedule: (value: ScheduleDraft) => void;
  /** the channel's own fields, between the recipients and the schedule */
  children: ReactNode;
  preview: ReactNode;
  /** the body the estimate was asked for (null: nothing to estimate yet) */
  estimate: { ready: boolean; data: SendResult | undefined; fetching: boolean; error: unknown };
  send: { error: unknown; pending: boolean; ready: boolean; onSend: () => void };
  /** the page's leave guard (components/page/LeaveGuard.tsx) */
  guard: ReactNode;
}) {
  const { estimate, send } = props;
  // the estimate already says the send would do nothing or be refused (not enough credits)
  const settled = estimate.ready && !estimate.fetching;
  const wouldFail =
    settled &&
    ((estimate.data !== undefined && (estimate.data.accepted === 0 || estimate.data.balance < 0)) ||
      (isApiError(estimate.error) && estimate.error.code === 'INSUFFICIENT_CREDITS'));
  const { t } = useTranslation();
  const { permissions } = useSession();
  const heading = (
    <div>
      <Title order={1} size="h2">
        {props.title}
      </Title>
      <Text c="dimmed">{props.subtitle}</Text>
    </div>
  );
  if (!can(permissions, 'campaign', 'create')) {
    return (
      <Stack gap="lg" data-testid={props.testId}>
        {heading}
        <Alert color="yellow" variant="light" data-testid="compose-forbidden">
          {t('errors.FORBIDDEN')}
        </Alert>
      </Stack>
    );
  }
  return (
    <Stack gap="lg" data-testid={props.testId}>
      {heading}
      <Grid gap="lg">
        <Grid.Col span={{ base: 12, md: 7 }}>
          <Paper withBorder radius="md" p="md">
            <Stack gap="md">
              <RecipientsPicker value={props.recipients} onChange={props.onRecipients} kind={props.kind} />
              {props.children}
              <ScheduleField value={props.schedule} onChange={props.onSchedule} />
            </Stack>
          </Paper>
        </Grid.Col>
        <Grid.Col span={{ base: 12, md: 5 }}>
          <Stack gap="md">
            {props.preview}
            <EstimatePanel
              estimate={estimate.ready ? estimate.data : undefined}
              loading={estimate.ready && estimate.fetching}
              error={estimate.ready ? estimate.error : null}
              // an email is one message whatever its length: no SMS parts to show
              showParts={props.kind !== 'email'}
            />
          </Stack>
        </Grid.Col>
      </Grid>
      {props.guard}
      <SendFooter
        error={send.error}
        disabled={!send.ready || send.pending || wouldFail}
        loading={send.pending}
        scheduled={props.schedule.mode === 'later'}
        onSend={send.onSend}
      />
    </Stack>
  );
}
