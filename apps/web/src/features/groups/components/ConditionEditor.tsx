import { ActionIcon, Group, MultiSelect, NumberInput, SegmentedControl, Select, TagsInput, Text, TextInput } from '@mantine/core';
import {
  ATTRIBUTE_OPS,
  CONSENT_CHANNELS,
  FIELD_OPS,
  GROUP_OPS,
  SEGMENT_FIELDS,
  type SegmentCondition,
  TAG_OPS,
} from '@risala/shared/schemas/groups';
import { IconX } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { DayInput } from '../../../components/dates/DayInput.tsx';
import { languageOptions } from '../../../lib/i18n.ts';

export const CONDITION_TYPES = ['field', 'attribute', 'tags', 'consent', 'created_at', 'group'] as const;

export function defaultCondition(type: SegmentCondition['type'], firstGroupId = 0): SegmentCondition {
  switch (type) {
    case 'field':
      return { type, field: 'country', op: 'eq', value: '' };
    case 'attribute':
      return { type, key: '', op: 'eq', value: '' };
    case 'tags':
      return { type, op: 'any', values: [] };
    case 'consent':
      return { type, channel: 'sms', value: true };
    case 'created_at':
      return { type, within_days: 30 };
    case 'group':
      return { type, op: 'in', group_id: firstGroupId };
  }
}

const NUMERIC = /^-?\d+(\.\d+)?$/;

type Option = { value: string; label: string };

interface Props {
  value: SegmentCondition;
  onChange: (next: SegmentCondition) => void;
  onRemove: () => void;
  staticGroups: Option[];
  /** the account's brands, for the Brand field: people pick a name, the rule keeps the id */
  brands: Option[];
  /** translated messages by the condition's own field ("key", "value", "from" …; "" for the row) */
  errors: Record<string, string>;
}

/** A field's value reset when the kind of input changes (a brand id is no country code). */
function valueFor(field: string, op: string, previous: { field: string; value?: unknown }): string | string[] {
  const many = op === 'in' || op === 'not_in';
  const special = (f: string) => f === 'brand_id' || f === 'language';
  if (field !== previous.field && (special(field) || special(previous.field))) return many ? [] : '';
  return (previous.value ?? (many ? [] : '')) as string | string[];
}

/** One rule row: what to look at, the operator and the value, laid out with logical CSS. */
export function ConditionEditor({ value: c, onChange, onRemove, staticGroups, brands, errors }: Props) {
  const { t } = useTranslation();
  const opData = (ops: readonly string[]) => ops.map((op) => ({ value: op, label: t(`groups.ops.${op}`) }));
  const size = 'sm';
  let inputs: React.ReactNode = null;

  switch (c.type) {
    case 'field': {
      const many = c.op === 'in' || c.op === 'not_in';
      const none = c.op === 'exists' || c.op === 'not_exists';
      inputs = (
        <>
          <Select
            size={size}
            w={140}
            aria-label={t('groups.rules.field')}
            data={SEGMENT_FIELDS.map((f) => ({ value: f, label: t(`groups.fields.${f}`) }))}
            value={c.field}
            allowDeselect={false}
            onChange={(f) => f && onChange({ ...c, field: f as typeof c.field, value: valueFor(f, c.op, c) })}
            data-testid="rule-field"
          />
          <Select
            size={size}
            w={150}
            aria-label={t('groups.rules.operator')}
            data={opData(FIELD_OPS)}
            value={c.op}
            allowDeselect={false}
            onChange={(op) => op && onChange({ ...c, op: op as typeof c.op, value: op === 'in' || op === 'not_in' ? [] : '' })}
            data-testid="rule-op"
          />
          {!none && c.field === 'language' && !many && (
            <Select
              size={size}
              w={140}
              aria-label={t('groups.rules.value')}
              data={languageOptions()}
              value={String(c.value ?? '') || null}
              error={errors.value}
              onChange={(v) => onChange({ ...c, value: v ?? '' })}
              data-testid="rule-value"
            />
          )}
          {!none && c.field === 'brand_id' && !many && (
            <Select
              size={size}
              w={220}
              aria-label={t('groups.fields.brand_id')}
              data={brands}
              searchable
              value={String(c.value ?? '') || null}
              placeholder={brands.length ? t('groups.rules.pickBrand') : t('groups.rules.noBrands')}
              nothingFoundMessage={t('groups.rules.noBrands')}
              error={errors.value}
              onChange={(v) => onChange({ ...c, value: v ?? '' })}
              data-testid="rule-brand"
            />
          )}
          {!none && c.field === 'brand_id' && many && (
            <MultiSelect
              size={size}
              miw={220}
              aria-label={t('groups.fields.brand_id')}
              data={brands}
              searchable
              value={Array.isArray(c.value) ? c.value.map(String) : []}
              placeholder={brands.length ? t('groups.rules.pickBrand') : t('groups.rules.noBrands')}
              nothingFoundMessage={t('groups.rules.noBrands')}
              error={errors.value}
              onChange={(v) => onChange({ ...c, value: v })}
              data-testid="rule-brands"
            />
          )}
          {!none && c.field !== 'language' && c.field !== 'brand_id' && !many && (
            <TextInput
              size={size}
              w={180}
              aria-label={t('groups.rules.value')}
              value={String(c.value ?? '')}
              error={errors.value}
              onChange={(e) => onChange({ ...c, value: e.currentTarget.value })}
              data-testid="rule-value"
            />
          )}
          {!none && c.field !== 'brand_id' && many && (
            <TagsInput
              size={size}
              miw={200}
              aria-label={t('groups.rules.value')}
              value={Array.isArray(c.value) ? c.value.map(String) : []}
              error={errors.value}
              onChange={(v) => onChange({ ...c, value: v })}
              data-testid="rule-values"
            />
          )}
        </>
      );
      break;
    }
    case 'attribute': {
      const none = c.op === 'exists' || c.op === 'not_exists';
      inputs = (
        <>
          <TextInput
            size={size}
            w={150}
            aria-label={t('groups.rules.key')}
            placeholder={t('groups.rules.key')}
            value={c.key}
            error={errors.key}
            onChange={(e) => onChange({ ...c, key: e.currentTarget.value.trim() })}
            data-testid="rule-key"
          />
          <Select
            size={size}
            w={150}
            aria-label={t('groups.rules.operator')}
            data={opData(ATTRIBUTE_OPS)}
            value={c.op}
            allowDeselect={false}
            onChange={(op) => op && onChange({ ...c, op: op as typeof c.op })}
            data-testid="rule-op"
          />
          {!none && (
            <TextInput
              size={size}
              w={160}
              aria-label={t('groups.rules.value')}
              value={String(c.value ?? '')}
              error={errors.value}
              onChange={(e) => {
                const raw = e.currentTarget.value;
                onChange({ ...c, value: (c.op === 'gt' || c.op === 'lt') && NUMERIC.test(raw) ? Number(raw) : raw });
              }}
              data-testid="rule-value"
            />
          )}
        </>
      );
      break;
    }
    case 'tags':
      inputs = (
        <>
          <Select
            size={size}
            w={150}
            aria-label={t('groups.rules.operator')}
            data={opData(TAG_OPS.map((o) => `tags_${o}`))}
            value={`tags_${c.op}`}
            allowDeselect={false}
            onChange={(op) => op && onChange({ ...c, op: op.replace('tags_', '') as typeof c.op })}
            data-testid="rule-op"
          />
          <TagsInput
            size={size}
            miw={220}
            aria-label={t('groups.rules.tags')}
            placeholder={t('groups.rules.tagsHint')}
            value={c.values}
            error={errors.values}
            onChange={(v) => onChange({ ...c, values: v })}
            data-testid="rule-values"
          />
        </>
      );
      break;
    case 'consent':
      inputs = (
        <>
          <Select
            size={size}
            w={150}
            aria-label={t('groups.rules.channel')}
            data={CONSENT_CHANNELS.map((ch) => ({ value: ch, label: t(`groups.channels.${ch}`) }))}
            value={c.channel}
            allowDeselect={false}
            onChange={(ch) => ch && onChange({ ...c, channel: ch as typeof c.channel })}
            data-testid="rule-channel"
          />
          <SegmentedControl
            size="xs"
            value={c.value ? 'yes' : 'no'}
            onChange={(v) => onChange({ ...c, value: v === 'yes' })}
            data={[
              { value: 'yes', label: t('groups.rules.consented') },
              { value: 'no', label: t('groups.rules.notConsented') },
            ]}
            data-testid="rule-consent"
          />
        </>
      );
      break;
    case 'created_at': {
      const range = c.within_days === undefined;
      inputs = (
        <>
          <Select
            size={size}
            w={150}
            aria-label={t('groups.rules.operator')}
            allowDeselect={false}
            value={range ? 'range' : 'within'}
            data={[
              { value: 'within', label: t('groups.rules.withinDays') },
              { value: 'range', label: t('groups.rules.between') },
            ]}
            onChange={(m) =>
              onChange(m === 'range' ? { type: 'created_at', from: undefined, to: undefined } : { type: 'created_at', within_days: 30 })
            }
          />
          {range ? (
            <>
              <DayInput
                size={size}
                w={150}
                ariaLabel={t('groups.rules.from')}
                value={c.from ?? ''}
                error={errors.from}
                max={c.to}
                onChange={(day) => onChange({ ...c, from: day || undefined })}
                testId="rule-from"
              />
              <DayInput
                size={size}
                w={150}
                ariaLabel={t('groups.rules.to')}
                value={c.to ?? ''}
                error={errors.to}
                min={c.from}
                onChange={(day) => onChange({ ...c, to: day || undefined })}
                testId="rule-to"
              />
            </>
          ) : (
            <NumberInput
              size={size}
              w={110}
              min={1}
              max={36500}
              aria-label={t('groups.rules.days')}
              value={c.within_days}
              error={errors.within_days}
              onChange={(v) => onChange({ ...c, within_days: typeof v === 'number' ? v : 1 })}
            />
          )}
        </>
      );
      break;
    }
    case 'group':
      inputs = (
        <>
          <Select
            size={size}
            w={150}
            aria-label={t('groups.rules.operator')}
            data={opData(GROUP_OPS.map((o) => `group_${o}`))}
            value={`group_${c.op}`}
            allowDeselect={false}
            onChange={(op) => op && onChange({ ...c, op: op.replace('group_', '') as typeof c.op })}
          />
          <Select
            size={size}
            w={220}
            aria-label={t('groups.rules.group')}
            data={staticGroups}
            value={c.group_id ? String(c.group_id) : null}
            placeholder={staticGroups.length ? t('groups.rules.pickGroup') : t('groups.rules.noStaticGroups')}
            error={errors.group_id}
            onChange={(id) => onChange({ ...c, group_id: Number(id) || 0 })}
          />
        </>
      );
      break;
  }

  // a message for a field this row has no input for (or for the row itself) is still shown
  const shown = new Set(['key', 'value', 'values', 'from', 'to', 'within_days', 'group_id']);
  const other = Object.entries(errors).find(([field]) => !shown.has(field))?.[1];

  return (
    <Group gap="xs" align="flex-start" wrap="wrap" data-testid="rule-row">
      <Select
        size={size}
        w={170}
        aria-label={t('groups.rules.type')}
        allowDeselect={false}
        data={CONDITION_TYPES.map((type) => ({ value: type, label: t(`groups.types.${type}`) }))}
        value={c.type}
        onChange={(type) => type && onChange(defaultCondition(type as SegmentCondition['type'], Number(staticGroups[0]?.value ?? 0)))}
        data-testid="rule-type"
      />
      {inputs}
      <ActionIcon variant="subtle" color="gray" mt={4} aria-label={t('groups.rules.remove')} onClick={onRemove} data-testid="rule-remove">
        <IconX size={16} />
      </ActionIcon>
      {other && (
        <Text size="xs" c="red" w="100%" role="alert" data-testid="rule-error">
          {other}
        </Text>
      )}
    </Group>
  );
}
