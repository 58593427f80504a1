import { Badge, Button, Card, Group, Modal, NumberInput, SegmentedControl, Select, Stack, Text, Textarea, TextInput } from '@mantine/core';
import {
  type ContentLanguage,
  type ContentResult,
  type ContentVariant,
  MAX_SMS_PARTS,
  PLAN_OBJECTIVES,
  type PlanObjective,
} from '@risala/shared/schemas/ai-content';
import type { Channel } from '@risala/shared/schemas/messages';
import { IconSparkles } from '@tabler/icons-react';
import { useMutation } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { api } from '../../lib/api-client.ts';
import { currentLanguage, formatList, isolate } from '../../lib/i18n.ts';
import { autoDir } from '../../lib/text-direction.ts';
import { ApiErrorAlert } from '../page/ApiErrorAlert.tsx';
import { MessageText } from '../text/MessageText.tsx';

export interface WriteDefaults {
  topic?: string;
  language?: ContentLanguage;
  brand_id?: number | null;
  group_ids?: number[];
  /** a campaign draft: its brand, audience and language are used (POST /api/campaigns/ai/generate) */
  campaign_id?: number | null;
  link?: string | null;
}

interface Props {
  channel: Channel;
  defaults: WriteDefaults;
  onPick: (variant: ContentVariant) => void;
  /** what "use" means here (e.g. "Use as the text") */
  useLabel?: string;
  testId?: string;
}

function Checks({ v }: { v: ContentVariant }) {
  const { t } = useTranslation();
  const items: [keyof ContentVariant['checks'], string][] = [
    ['parts_ok', 'ai.write.checks.parts'],
    ['variables_ok', 'ai.write.checks.variables'],
    ['opt_out', 'ai.write.checks.optOut'],
    ['language_ok', 'ai.write.checks.language'],
    ['grounded', 'ai.write.checks.grounded'],
  ];
  return (
    <Group gap={4}>
      {items
        .filter(([k]) => v.channel === 'sms' || k !== 'parts_ok')
        .map(([k, label]) => (
          <Badge key={k} size="xs" variant="light" color={v.checks[k] ? 'green' : 'orange'} data-check={k} data-ok={v.checks[k]}>
            {v.checks[k] ? '✓' : '!'} {t(label)}
          </Badge>
        ))}
    </Group>
  );
}

function VariantCard({ v, onUse, useLabel, maxParts }: { v: ContentVariant; onUse: () => void; useLabel: string; maxParts: number }) {
  const { t } = useTranslation();
  const body = v.sms?.text ?? v.whatsapp?.body ?? v.email?.text ?? '';
  return (
    <Card withBorder radius="md" p="sm" data-testid="ai-variant" data-source={v.source}>
      <Stack gap={6}>
        <Group justify="space-between">
          <Group gap={6}>
            <Badge size="sm" variant="outline">
              {t(`ai.write.styles.${v.style}`, { defaultValue: v.style })}
            </Badge>
            <Badge size="sm" variant="light" color={v.source === 'model' ? 'violet' : 'gray'}>
              {t(v.source === 'model' ? 'ai.write.byModel' : 'ai.write.byBuiltin')}
            </Badge>
          </Group>
          <Button size="xs" onClick={onUse} data-testid="ai-variant-use">
            {useLabel}
          </Button>
        </Group>
        {v.email && <MessageText text={v.email.subject} fw={600} size="sm" />}
        {v.email?.preheader && <MessageText text={v.email.preheader} size="xs" c="dimmed" />}
        <MessageText text={body} size="sm" testId="ai-variant-text" />
        {v.whatsapp?.footer && <MessageText text={v.whatsapp.footer} size="xs" c="dimmed" />}
        {v.sms && !v.checks.parts_ok && (
          <Text size="xs" c="red" data-testid="ai-variant-does-not-fit">
            {t('ai.write.doesNotFit', { parts: v.sms.parts, max: maxParts })}
          </Text>
        )}
        {v.sms && (
          <Text size="xs" c="dimmed" data-testid="ai-variant-parts" data-parts={v.sms.parts}>
            {t('ai.write.smsCount', { parts: v.sms.parts, encoding: v.sms.encoding, characters: v.sms.characters })}
            {v.sms.parts_if_unicode !== null && v.sms.parts_if_unicode > v.sms.parts
              ? ` · ${t('ai.write.unicodeRisk', { parts: v.sms.parts_if_unicode })}`
              : ''}
          </Text>
        )}
        <Checks v={v} />
      </Stack>
    </Card>
  );
}

/**
 * "Write with AI": message variants for one channel from a topic, in English or Arabic, each with
 * its checks; "Use" hands the chosen one to the editor that opened it (nothing is saved here).
 */
export function WriteWithAi({ channel, defaults, onPick, useLabel, testId = 'write-with-ai' }: Props) {
  const { t } = useTranslation();
  const [opened, setOpened] = useState(false);
  const [topic, setTopic] = useState(defaults.topic ?? '');
  const [language, setLanguage] = useState<ContentLanguage>(defaults.language ?? (currentLanguage() === 'ar' ? 'ar' : 'en'));
  const [objective, setObjective] = useState<PlanObjective>('promotion');
  const [link, setLink] = useState(defaults.link ?? '');
  const [maxParts, setMaxParts] = useState<number>(1);
  const generate = useMutation({
    mutationFn: async () => {
      const body = {
        channel,
        language,
        objective,
        topic: topic.trim(),
        link: link.trim() || null,
        variants: 3,
        ...(channel === 'sms' ? { max_parts: maxParts } : {}),
        ...(defaults.brand_id ? { brand_id: defaults.brand_id } : {}),
        ...(defaults.group_ids?.length ? { group_ids: defaults.group_ids } : {}),
      };
      const path = defaults.campaign_id ? '/api/campaigns/ai/generate' : '/api/ai/content/generate';
      return (
        await api.post<ContentResult>(path, defaults.campaign_id ? { ...body, campaign_id: defaults.campaign_id } : body, {
          silent: true,
          timeoutMs: 120_000,
        })
      ).data;
    },
  });
  const open = () => {
    setTopic((v) => v || defaults.topic || '');
    generate.reset();
    setOpened(true);
  };
  const result = generate.data;
  return (
    <>
      <Button size="xs" variant="light" leftSection={<IconSparkles size={14} />} onClick={open} data-testid={testId}>
        {t('ai.write.open')}
      </Button>
      <Modal
        opened={opened}
        onClose={() => setOpened(false)}
        title={t('ai.write.title', { channel: t(`ai.channels.${channel}`) })}
        size="lg"
        data-testid={`${testId}-modal`}
      >
        <Stack gap="sm">
          <Textarea
            label={t('ai.write.topic')}
            description={t('ai.write.topicHint')}
            value={topic}
            onChange={(e) => setTopic(e.currentTarget.value)}
            maxLength={500}
            autosize
            minRows={2}
            required
            attributes={autoDir(topic)}
            data-testid={`${testId}-topic`}
          />
          <Group grow align="flex-end">
            <div>
              <Text size="sm" fw={500} mb={4}>
                {t('ai.write.language')}
              </Text>
              <SegmentedControl
                value={language}
                onChange={(v) => setLanguage(v as ContentLanguage)}
                data={[
                  { value: 'en', label: t('aiPlans.languages.en') },
                  { value: 'ar', label: t('aiPlans.languages.ar') },
                ]}
                data-testid={`${testId}-language`}
              />
            </div>
            <Select
              label={t('ai.write.objective')}
              data={PLAN_OBJECTIVES.map((o) => ({ value: o, label: t(`aiPlans.objectives.${o}`) }))}
              value={objective}
              onChange={(v) => v && setObjective(v as PlanObjective)}
              allowDeselect={false}
            />
            {channel === 'sms' && (
              <NumberInput
                label={t('ai.write.maxParts')}
                min={1}
                max={MAX_SMS_PARTS}
                value={maxParts}
                onChange={(v) => setMaxParts(Number(v) || 1)}
                data-testid={`${testId}-parts`}
              />
            )}
          </Group>
          <TextInput
            label={t('ai.write.link')}
            placeholder="https://"
            value={link}
            onChange={(e) => setLink(e.currentTarget.value)}
            className="ltr-value"
          />
          <Group justify="flex-end">
            <Button
              leftSection={<IconSparkles size={16} />}
              onClick={() => generate.mutate()}
              loading={generate.isPending}
              disabled={!topic.trim()}
              data-testid={`${testId}-generate`}
            >
              {t('ai.write.generate')}
            </Button>
          </Group>
          {generate.isError && <ApiErrorAlert error={generate.error} fallback={t('ai.writing.failed')} testId={`${testId}-error`} />}
          {result && (
            <Stack gap="xs" data-testid={`${testId}-results`}>
              <Text size="xs" c="dimmed">
                {result.engine === 'builtin' ? t('ai.write.builtinNote') : t('ai.write.modelNote', { model: result.model ?? '' })}
                {result.replaced > 0 ? ` ${t('ai.write.replaced', { n: result.replaced })}` : ''}
              </Text>
              {result.engine === 'builtin' && result.unplaced.length > 0 && (
                <Text size="xs" c="orange" data-testid={`${testId}-unplaced`}>
                  {t('ai.write.unplaced', { words: formatList(result.unplaced.map(isolate)) })}
                </Text>
              )}
              {result.variants.map((v) => (
                <VariantCard
                  key={v.index}
                  v={v}
                  maxParts={result.max_parts}
                  useLabel={useLabel ?? t('ai.write.use')}
                  onUse={() => {
                    onPick(v);
                    setOpened(false);
                  }}
                />
              ))}
            </Stack>
          )}
        </Stack>
      </Modal>
    </>
  );
}
