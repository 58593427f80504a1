import { Alert, Anchor, Group, NumberInput, Radio, Select, SimpleGrid, Stack, Switch, Text } from '@mantine/core';
import { AB_METRICS } from '@risala/shared/schemas/campaigns';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { useEmailSender, useSmsSenders, useWhatsappSenders } from '../api/get-launcher-options.ts';
import type { AbMetric } from '../draft.ts';
import { minZonedLocal, zonedScheduleError } from '../../../lib/zoned.ts';
import type { StepProps } from './AudienceSteps.tsx';
import { ContentEditor, SectionCard } from './ContentEditor.tsx';
import { isolate } from '../../../lib/i18n.ts';
import { ZonedDateTimeInput } from '../../../components/dates/ZonedDateTimeInput.tsx';

/** Step 5: the sender per chosen channel (empty: the account's default). */
export function SendersStep({ draft, set }: StepProps) {
  const { t } = useTranslation();
  const sms = useSmsSenders();
  const wa = useWhatsappSenders();
  const email = useEmailSender();
  const smsDefault = sms.data?.find((s) => s.is_default);
  return (
    <Stack gap="md">
      {draft.channels.length === 0 && <Text c="dimmed">{t('campaigns.launcher.senders.noChannels')}</Text>}
      {draft.channels.includes('sms') && (
        <Select
          label={t('campaigns.launcher.senders.sms')}
          placeholder={
            smsDefault ? t('campaigns.launcher.senders.default', { name: smsDefault.sender_id }) : t('campaigns.launcher.senders.none')
          }
          data={(sms.data ?? []).map((s) => ({ value: String(s.id), label: s.sender_id }))}
          value={draft.senders.sms_sender_id ? String(draft.senders.sms_sender_id) : null}
          onChange={(v) => set({ senders: { ...draft.senders, sms_sender_id: v ? Number(v) : null } })}
          clearable
          nothingFoundMessage={t('campaigns.launcher.senders.none')}
          data-testid="launcher-sms-sender"
        />
      )}
      {draft.channels.includes('whatsapp') && (
        <Select
          label={t('campaigns.launcher.senders.whatsapp')}
          placeholder={t('campaigns.launcher.senders.defaultAny')}
          data={(wa.data ?? []).map((s) => ({ value: String(s.id), label: `${s.display_name} (${isolate(s.phone_number)})` }))}
          value={draft.senders.whatsapp_sender_id ? String(draft.senders.whatsapp_sender_id) : null}
          onChange={(v) => set({ senders: { ...draft.senders, whatsapp_sender_id: v ? Number(v) : null } })}
          clearable
          nothingFoundMessage={t('campaigns.launcher.senders.none')}
          data-testid="launcher-wa-sender"
        />
      )}
      {draft.channels.includes('email') && (
        <div data-testid="launcher-email-sender">
          <Text size="sm" fw={500}>
            {t('campaigns.launcher.senders.email')}
          </Text>
          {email.data ? (
            <Text size="sm">{`${email.data.from_name} ${isolate(`<${email.data.from_email}>`)}`}</Text>
          ) : (
            <Alert color="orange" mt={4}>
              {t('campaigns.launcher.senders.noEmail')}{' '}
              <Anchor component={Link} to="/sender-management">
                {t('campaigns.launcher.senders.setup')}
              </Anchor>
            </Alert>
          )}
        </div>
      )}
    </Stack>
  );
}

/** Step 6 (optional): variant B, the share each variant gets, the winning metric and when the rest gets the winner. */
export function AbTestStep({ draft, set }: StepProps) {
  const { t } = useTranslation();
  const ab = draft.ab;
  const setAb = (patch: Partial<typeof ab>) => set({ ab: { ...ab, ...patch } });
  return (
    <Stack gap="md">
      <Switch
        label={t('campaigns.launcher.ab.enable')}
        description={t('campaigns.launcher.ab.hint')}
        checked={ab.enabled}
        onChange={(e) => setAb({ enabled: e.currentTarget.checked })}
        data-testid="launcher-ab-enable"
      />
      {ab.enabled && (
        <>
          <SimpleGrid cols={{ base: 1, sm: 3 }}>
            <NumberInput
              label={t('campaigns.launcher.ab.split')}
              description={t('campaigns.launcher.ab.splitHint', { rest: 100 - 2 * ab.split_percent })}
              min={5}
              max={50}
              suffix="%"
              value={ab.split_percent}
              onChange={(v) => setAb({ split_percent: Number(v) || 5 })}
              data-testid="launcher-ab-split"
            />
            <Select
              label={t('campaigns.launcher.ab.metric')}
              data={AB_METRICS.map((m) => ({ value: m, label: t(`campaigns.launcher.ab.metrics.${m}`) }))}
              value={ab.metric}
              onChange={(v) => v && setAb({ metric: v as AbMetric })}
              allowDeselect={false}
              data-testid="launcher-ab-metric"
            />
            <NumberInput
              label={t('campaigns.launcher.ab.after')}
              min={1}
              max={72}
              value={ab.after_hours}
              onChange={(v) => setAb({ after_hours: Number(v) || 1 })}
              data-testid="launcher-ab-after"
            />
          </SimpleGrid>
          {draft.channels.map((ch) => (
            <SectionCard key={ch} title={t('campaigns.launcher.ab.variantB', { channel: t(`campaigns.channels.${ch}`) })}>
              <ContentEditor channel={ch} value={ab.variant_b} onChange={(variant_b) => setAb({ variant_b })} prefix="variant-b" />
            </SectionCard>
          ))}
        </>
      )}
    </Stack>
  );
}

/** Step 7: send now, or a date and time in the account's time zone later than now + 5 minutes (§5). */
export function ScheduleStep({ draft, set, timeZone }: StepProps & { timeZone: string }) {
  const { t } = useTranslation();
  const s = draft.schedule;
  const error = s.mode === 'later' && s.at ? zonedScheduleError(s.at, timeZone) : null;
  return (
    <Stack gap="sm">
      <Radio.Group
        value={s.mode}
        onChange={(mode) => set({ schedule: { mode: mode as 'now' | 'later', at: s.at || minZonedLocal(timeZone) } })}
      >
        <Group gap="lg">
          <Radio value="now" label={t('campaigns.launcher.schedule.now')} data-testid="launcher-send-now" />
          <Radio value="later" label={t('campaigns.launcher.schedule.later')} data-testid="launcher-schedule-later" />
        </Group>
      </Radio.Group>
      {s.mode === 'later' && (
        <ZonedDateTimeInput
          label={t('campaigns.launcher.schedule.at')}
          zone={timeZone}
          value={s.at}
          min={minZonedLocal(timeZone)}
          onChange={(at) => set({ schedule: { ...s, at } })}
          error={error ? t(error) : undefined}
          w={300}
          testId="launcher-schedule-at"
        />
      )}
    </Stack>
  );
}
