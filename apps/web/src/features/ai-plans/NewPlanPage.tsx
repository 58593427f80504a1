import {
  Alert,
  Button,
  Checkbox,
  FileButton,
  Group,
  MultiSelect,
  NumberInput,
  Paper,
  SegmentedControl,
  Select,
  SimpleGrid,
  Stack,
  Text,
  Textarea,
  TextInput,
  Title,
} from '@mantine/core';
import { PLAN_OBJECTIVES, type PlanObjective } from '@risala/shared/schemas/ai-plans';
import { CHANNELS, type Channel } from '@risala/shared/schemas/messages';
import { useMediaQuery } from '@mantine/hooks';
import { IconFileUpload, IconSparkles } from '@tabler/icons-react';
import { type FormEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate, useSearchParams } from 'react-router';
import { DayInput } from '../../components/dates/DayInput.tsx';
import { BackLink } from '../../components/page/BackLink.tsx';
import { ApiErrorAlert } from '../../components/page/ApiErrorAlert.tsx';
import { useBrandOptions } from '../../lib/brand-options.ts';
import { autoDir } from '../../lib/text-direction.ts';
import { useBriefs, useGroups, useUploadBrief } from './api/options.ts';
import { type PlanForm, useCreatePlan } from './api/plans.ts';

const today = (offset = 0) => new Date(Date.now() + offset * 86_400_000).toISOString().slice(0, 10);

/** The query the page may be opened with (an insight's action, the launcher): ?campaign=&group=&channel=&objective= */
function prefill(params: URLSearchParams) {
  const id = (k: string) => (/^\d+$/.test(params.get(k) ?? '') ? Number(params.get(k)) : null);
  const channel = params.get('channel') as Channel | null;
  const objective = params.get('objective') as PlanObjective | null;
  return {
    campaignId: id('campaign'),
    group: id('group'),
    channel: channel && CHANNELS.includes(channel) ? channel : null,
    objective: objective && PLAN_OBJECTIVES.includes(objective) ? objective : null,
  };
}

/**
 * /campaign/ai-plans/new: what the plan is for (objective, brand, budget in credits, window, the
 * audience, the channels it may use, the message in the marketer's words, a brief). The plan is
 * computed by the server from the account's data; the page then opens it.
 */
export function NewPlanPage() {
  const { t } = useTranslation();
  // five objectives do not fit side by side on a phone: stacked there
  const narrow = useMediaQuery('(max-width: 40em)');
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const pre = prefill(params);
  const brands = useBrandOptions();
  const groups = useGroups();
  const create = useCreatePlan();
  const upload = useUploadBrief();
  const [objective, setObjective] = useState<PlanObjective>(pre.objective ?? 'promotion');
  const [brandId, setBrandId] = useState<string | null>(null);
  const [budget, setBudget] = useState<number>(1000);
  const [start, setStart] = useState(today(1));
  const [end, setEnd] = useState(today(7));
  const [groupIds, setGroupIds] = useState<string[]>(pre.group ? [String(pre.group)] : []);
  const [excludeIds, setExcludeIds] = useState<string[]>([]);
  const [channels, setChannels] = useState<Channel[]>(pre.channel ? [pre.channel] : ['sms', 'email', 'whatsapp']);
  const [notes, setNotes] = useState('');
  const [notesOther, setNotesOther] = useState('');
  // the other language than the one the notes are typed in: its customers get their own wording
  const other = /[\u0600-\u06FF]/.test(notes) ? 'en' : 'ar';
  const [link, setLink] = useState('');
  const [name, setName] = useState('');
  const brand = brandId ?? brands.data?.[0]?.value ?? null;
  const briefs = useBriefs(brand ? Number(brand) : null);
  const [briefId, setBriefId] = useState<string | null>(null);
  const groupData = (groups.data ?? []).map((g) => ({ value: String(g.id), label: g.group_name }));

  function submit(e: FormEvent) {
    e.preventDefault();
    if (!brand) return;
    const body: PlanForm = {
      name: name.trim() || null,
      objective,
      brand_id: Number(brand),
      budget_credits: budget,
      start_date: start,
      end_date: end,
      group_ids: groupIds.map(Number),
      exclude_group_ids: excludeIds.map(Number),
      channels,
      notes: notes.trim(),
      notes_translations: notesOther.trim() ? { [other]: notesOther.trim() } : null,
      link: link.trim() || null,
      brief_id: briefId ? Number(briefId) : null,
    };
    create.mutate(
      { body, campaignId: pre.campaignId },
      { onSuccess: (plan) => navigate(`/campaign/ai-plans/${plan.id}`, { state: { write: true } }) },
    );
  }

  return (
    <Stack gap="lg" maw={900} data-testid="ai-plan-form-page">
      <BackLink to="/campaign/ai-plans" label={t('aiPlans.title')} />
      <div>
        <Title order={1} size="h2">
          {t('aiPlans.form.title')}
        </Title>
        <Text c="dimmed">{t('aiPlans.form.subtitle')}</Text>
      </div>
      {pre.campaignId && <Alert color="blue">{t('aiPlans.form.forDraft')}</Alert>}
      <Paper withBorder radius="md" p="lg" component="form" onSubmit={submit} noValidate>
        <Stack gap="md">
          <div>
            <Text size="sm" fw={500} mb={4} id="objective-label">
              {t('aiPlans.form.objective')}
            </Text>
            <SegmentedControl
              aria-labelledby="objective-label"
              fullWidth
              orientation={narrow ? 'vertical' : 'horizontal'}
              value={objective}
              onChange={(v) => setObjective(v as PlanObjective)}
              data={PLAN_OBJECTIVES.map((o) => ({ value: o, label: t(`aiPlans.objectives.${o}`) }))}
              data-testid="ai-plan-objective"
            />
          </div>
          <Textarea
            label={t('aiPlans.form.notes')}
            description={t('aiPlans.form.notesHint')}
            value={notes}
            onChange={(e) => setNotes(e.currentTarget.value)}
            maxLength={500}
            required
            autosize
            minRows={2}
            attributes={autoDir(notes)}
            data-testid="ai-plan-notes"
          />
          <Textarea
            label={t(`aiPlans.form.notesOther.${other}`)}
            description={t('aiPlans.form.notesOtherHint')}
            value={notesOther}
            onChange={(e) => setNotesOther(e.currentTarget.value)}
            maxLength={500}
            autosize
            minRows={1}
            attributes={autoDir(notesOther)}
            data-testid="ai-plan-notes-other"
          />
          <SimpleGrid cols={{ base: 1, sm: 2 }}>
            <Select
              label={t('aiPlans.form.brand')}
              data={brands.data ?? []}
              value={brand}
              onChange={setBrandId}
              allowDeselect={false}
              required
              data-testid="ai-plan-brand"
            />
            <NumberInput
              label={t('aiPlans.form.budget')}
              description={t('aiPlans.form.budgetHint')}
              min={1}
              max={100_000_000}
              thousandSeparator
              value={budget}
              onChange={(v) => setBudget(Number(v) || 1)}
              data-testid="ai-plan-budget"
            />
            <DayInput
              label={t('aiPlans.form.start')}
              value={start}
              min={today()}
              onChange={(day) => setStart(day || today())}
              testId="ai-plan-start"
            />
            <DayInput
              label={t('aiPlans.form.end')}
              value={end}
              min={start}
              onChange={(day) => setEnd(day || start)}
              testId="ai-plan-end"
              error={end < start ? t('validation.dateRange') : undefined}
            />
          </SimpleGrid>
          <MultiSelect
            label={t('aiPlans.form.groups')}
            description={t('aiPlans.form.groupsHint')}
            data={groupData}
            value={groupIds}
            onChange={setGroupIds}
            searchable
            clearable
            disabled={Boolean(pre.campaignId)}
            data-testid="ai-plan-groups"
          />
          <MultiSelect
            label={t('aiPlans.form.exclude')}
            data={groupData.filter((g) => !groupIds.includes(g.value))}
            value={excludeIds}
            onChange={setExcludeIds}
            searchable
            clearable
          />
          <Checkbox.Group
            label={t('aiPlans.form.channels')}
            description={t('aiPlans.form.channelsHint')}
            value={channels}
            onChange={(v) => setChannels(v as Channel[])}
            data-testid="ai-plan-channels"
          >
            <Group mt="xs">
              {CHANNELS.map((c) => (
                <Checkbox key={c} value={c} label={t(`ai.channels.${c}`)} />
              ))}
            </Group>
          </Checkbox.Group>
          <TextInput
            label={t('aiPlans.form.link')}
            placeholder="https://"
            value={link}
            onChange={(e) => setLink(e.currentTarget.value)}
            className="ltr-value"
          />
          <Group align="flex-end">
            <Select
              label={t('aiPlans.form.brief')}
              description={t('aiPlans.form.briefHint')}
              data={(briefs.data ?? []).map((b) => ({ value: String(b.id), label: b.filename }))}
              value={briefId}
              onChange={setBriefId}
              clearable
              style={{ flex: 1 }}
            />
            <FileButton
              accept="application/pdf,.pdf,.docx,application/vnd.openxmlformats-officedocument.wordprocessingml.document,text/plain,.txt,.md"
              onChange={(file) =>
                file && upload.mutate({ file, brandId: brand ? Number(brand) : null }, { onSuccess: (b) => setBriefId(String(b.id)) })
              }
            >
              {(props) => (
                <Button {...props} variant="default" leftSection={<IconFileUpload size={16} />} loading={upload.isPending}>
                  {t('aiPlans.form.upload')}
                </Button>
              )}
            </FileButton>
          </Group>
          {upload.isError && <ApiErrorAlert error={upload.error} fallback={t('aiPlans.form.uploadFailed')} />}
          <TextInput
            label={t('aiPlans.form.name')}
            description={t('aiPlans.form.nameHint')}
            value={name}
            onChange={(e) => setName(e.currentTarget.value)}
            maxLength={150}
            attributes={autoDir(name)}
          />
          {create.isError && <ApiErrorAlert error={create.error} fallback={t('aiPlans.form.failed')} testId="ai-plan-error" />}
          <Group justify="flex-end">
            <Button
              type="submit"
              leftSection={<IconSparkles size={16} />}
              loading={create.isPending}
              disabled={!brand || !notes.trim() || channels.length === 0 || end < start}
              data-testid="ai-plan-submit"
            >
              {t('aiPlans.form.submit')}
            </Button>
          </Group>
          {create.isPending && (
            <Text size="sm" c="dimmed" aria-live="polite">
              {t('aiPlans.form.computing')}
            </Text>
          )}
        </Stack>
      </Paper>
    </Stack>
  );
}
