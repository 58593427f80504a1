import { Alert, Button, Chip, Group, Modal, Select, Stack, Text, Textarea, TextInput } from '@mantine/core';
import { createRuleSchema, FILTER_TYPES, type FilterType, type Rule, updateRuleSchema } from '@risala/shared/schemas/gateway-routing';
import { type FormEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { showSuccessToast } from '../../../lib/toast.ts';
import { splitList, useRoutingForm } from '../routing-form.ts';
import { useRuleMutations } from './api/change-rule.ts';
import '@mantine/dates/styles.css';
import { TimePicker } from '@mantine/dates';

const LIST_KEY: Partial<Record<FilterType, string>> = {
  destination_prefix: 'prefixes',
  source_address: 'addresses',
  sender: 'sender_ids',
  user: 'user_ids',
  content_keyword: 'keywords',
};
const DAYS = [0, 1, 2, 3, 4, 5, 6];
const FIELDS = [
  'rule_name',
  'filter_type',
  'value.pattern',
  'value.days',
  'value.from',
  'value.to',
  ...Object.values(LIST_KEY).map((k) => `value.${k}`),
];

interface Draft {
  rule_name: string;
  filter_type: FilterType;
  list: string;
  pattern: string;
  days: string[];
  from: string;
  to: string;
}

function draftOf(rule: Rule | null): Draft {
  const value = (rule?.value ?? {}) as Record<string, unknown>;
  const key = rule ? LIST_KEY[rule.filter_type] : undefined;
  return {
    rule_name: rule?.rule_name ?? '',
    filter_type: rule?.filter_type ?? 'destination_prefix',
    list: key && Array.isArray(value[key]) ? (value[key] as unknown[]).join('\n') : '',
    pattern: typeof value.pattern === 'string' ? value.pattern : '',
    days: Array.isArray(value.days) ? value.days.map(String) : ['0', '1', '2', '3', '4'],
    from: typeof value.from === 'string' ? value.from : '09:00',
    to: typeof value.to === 'string' ? value.to : '17:00',
  };
}

function filterValue(d: Draft): Record<string, unknown> {
  const key = LIST_KEY[d.filter_type];
  if (key === 'user_ids') return { user_ids: splitList(d.list).map(Number) };
  if (key) return { [key]: splitList(d.list) };
  if (d.filter_type === 'destination_pattern' || d.filter_type === 'content_pattern') return { pattern: d.pattern };
  if (d.filter_type === 'time_window') return { days: d.days.map(Number).sort(), from: d.from, to: d.to };
  return {};
}

/** Create or edit a rule (filter): a name and one form per filter type. */
export function RuleFormModal({ rule, onClose }: { rule: Rule | null; onClose: () => void }) {
  const { t } = useTranslation();
  const [draft, setDraft] = useState<Draft>(() => draftOf(rule));
  const form = useRoutingForm(FIELDS);
  const { save } = useRuleMutations();
  const set = <K extends keyof Draft>(key: K, value: Draft[K]) => setDraft((d) => ({ ...d, [key]: value }));
  const key = LIST_KEY[draft.filter_type];
  const transparentLocked = !!rule && rule.filter_type === 'transparent';

  async function submit(event: FormEvent) {
    event.preventDefault();
    const body = { rule_name: draft.rule_name, filter_type: draft.filter_type, value: filterValue(draft) };
    const input = rule ? form.check(updateRuleSchema, body) : form.check(createRuleSchema, body);
    if (!input) return;
    try {
      await save.mutateAsync({ id: rule?.id ?? null, input });
      showSuccessToast(rule ? 'gateway.rules.saved' : 'gateway.rules.created');
      onClose();
    } catch (err) {
      form.showApiError(err);
    }
  }

  return (
    <Modal opened onClose={onClose} title={t(rule ? 'gateway.rules.edit' : 'gateway.rules.new')} centered size="lg">
      <form onSubmit={submit} noValidate data-testid="rule-form">
        <Stack gap="sm">
          {form.formError && (
            <Alert color="red" role="alert" data-testid="form-error">
              {form.formError}
            </Alert>
          )}
          <TextInput
            label={t('gateway.rules.fields.rule_name')}
            required
            value={draft.rule_name}
            error={form.error('rule_name')}
            onChange={(e) => set('rule_name', e.currentTarget.value)}
            data-testid="rule-name"
          />
          <Select
            label={t('gateway.rules.fields.filter_type')}
            value={draft.filter_type}
            allowDeselect={false}
            disabled={transparentLocked}
            error={form.error('filter_type')}
            onChange={(v) => v && set('filter_type', v as FilterType)}
            data-testid="rule-type"
            data={FILTER_TYPES.filter((f) => !rule || transparentLocked || f !== 'transparent').map((f) => ({
              value: f,
              label: t(`gateway.rules.types.${f}`),
            }))}
          />
          <Text size="sm" c="dimmed">
            {t(`gateway.rules.help.${draft.filter_type}`)}
          </Text>
          {key && (
            <Textarea
              label={t(`gateway.rules.fields.${key}`)}
              autosize
              minRows={3}
              value={draft.list}
              error={form.error(`value.${key}`)}
              onChange={(e) => set('list', e.currentTarget.value)}
              data-testid="rule-list"
              dir="ltr"
            />
          )}
          {(draft.filter_type === 'destination_pattern' || draft.filter_type === 'content_pattern') && (
            <TextInput
              label={t('gateway.rules.fields.pattern')}
              value={draft.pattern}
              error={form.error('value.pattern')}
              dir="ltr"
              styles={{ input: { fontFamily: 'var(--mantine-font-family-monospace)' } }}
              onChange={(e) => set('pattern', e.currentTarget.value)}
              data-testid="rule-pattern"
            />
          )}
          {draft.filter_type === 'time_window' && (
            <>
              <div>
                <Text size="sm" fw={500} mb={4}>
                  {t('gateway.rules.fields.days')}
                </Text>
                <Chip.Group multiple value={draft.days} onChange={(v) => set('days', v)}>
                  <Group gap={6} data-testid="rule-days">
                    {DAYS.map((d) => (
                      <Chip key={d} value={String(d)} size="xs">
                        {t(`gateway.rules.days.${d}`)}
                      </Chip>
                    ))}
                  </Group>
                </Chip.Group>
                {form.error('value.days') && (
                  <Text size="xs" c="red">
                    {form.error('value.days')}
                  </Text>
                )}
              </div>
              <Group grow>
                {/* a 24-hour clock in the interface's digits, not the browser's 12-hour "--:-- --" */}
                <TimePicker
                  format="24h"
                  label={t('gateway.rules.fields.from')}
                  value={draft.from}
                  error={form.error('value.from')}
                  hoursInputLabel={t('dates.hours')}
                  minutesInputLabel={t('dates.minutes')}
                  onChange={(v) => set('from', v.slice(0, 5))}
                  data-testid="rule-from"
                />
                <TimePicker
                  format="24h"
                  label={t('gateway.rules.fields.to')}
                  value={draft.to}
                  error={form.error('value.to')}
                  hoursInputLabel={t('dates.hours')}
                  minutesInputLabel={t('dates.minutes')}
                  onChange={(v) => set('to', v.slice(0, 5))}
                  data-testid="rule-to"
                />
              </Group>
              <Text size="xs" c="dimmed">
                {t('gateway.rules.help.timezone')}
              </Text>
            </>
          )}
          <Group justify="flex-end">
            <Button variant="default" onClick={onClose}>
              {t('gateway.routers.actions.cancel')}
            </Button>
            <Button type="submit" loading={save.isPending} data-testid="rule-save">
              {t('gateway.routers.actions.save')}
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}
