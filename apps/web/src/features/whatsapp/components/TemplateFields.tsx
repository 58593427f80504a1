import { Alert, Button, Group, SegmentedControl, Select, SimpleGrid, Stack, Text, Textarea, TextInput } from '@mantine/core';
import { suggestWaCategory, WA_CATEGORIES, WA_LIMITS, waVariables } from '@risala/shared/schemas/whatsapp';
import { IconBraces } from '@tabler/icons-react';
import { useRef } from 'react';
import { WriteWithAi } from '../../../components/ai-writing/WriteWithAi.tsx';
import { useTranslation } from 'react-i18next';
import { languageName, translateMessage } from '../../../lib/i18n.ts';
import { autoDir } from '../../../lib/text-direction.ts';
import { type BuilderState, type HeaderFormat, insertVariable, variableSlots, WA_LANGUAGES } from '../builder-state.ts';

interface Props {
  state: BuilderState;
  onChange: (change: Partial<BuilderState>) => void;
  errors: Record<string, string>;
  disabled?: boolean;
  /** a submitted template keeps its name and language */
  identityLocked?: boolean;
}

const HEADER_FORMATS: HeaderFormat[] = ['NONE', 'TEXT', 'IMAGE', 'VIDEO', 'DOCUMENT'];

/** Name, language, category, header, body (with the variable helper) and footer. */
export function TemplateFields({ state, onChange, errors, disabled, identityLocked }: Props) {
  const { t } = useTranslation();
  const bodyRef = useRef<HTMLTextAreaElement>(null);
  const err = (key: string) => translateMessage(errors[key]);
  const slots = variableSlots(state.body);
  // promotional text in a Utility/Authentication template: Meta rejects it, say so before submitting
  const promotional = state.category !== 'MARKETING' && suggestWaCategory(`${state.headerText}\n${state.body}`) === 'MARKETING';
  /** the body as typed; until a category is picked by hand, it follows what the text reads as */
  const setBody = (body: string) =>
    onChange(state.categoryChosen || state.category === 'AUTHENTICATION' ? { body } : { body, category: suggestWaCategory(body) });

  function addVariable() {
    const el = bodyRef.current;
    const start = el?.selectionStart ?? state.body.length;
    const end = el?.selectionEnd ?? start;
    const next = insertVariable(state.body, start, end);
    setBody(next.text);
    requestAnimationFrame(() => {
      el?.focus();
      el?.setSelectionRange(next.cursor, next.cursor);
    });
  }

  return (
    <Stack gap="md">
      <SimpleGrid cols={{ base: 1, sm: 3 }}>
        <TextInput
          label={t('whatsapp.editor.name')}
          description={t('whatsapp.editor.nameHint')}
          dir="ltr"
          required
          value={state.name}
          maxLength={WA_LIMITS.name}
          disabled={disabled || identityLocked}
          error={err('name')}
          onChange={(e) => onChange({ name: e.currentTarget.value })}
          data-testid="wa-template-name"
        />
        <Select
          label={t('whatsapp.editor.language')}
          data={WA_LANGUAGES.map((code) => ({ value: code, label: `${languageName(code)} (${code})` }))}
          searchable
          allowDeselect={false}
          value={state.language}
          disabled={disabled || identityLocked}
          error={err('language')}
          onChange={(v) => onChange({ language: v ?? 'en' })}
          data-testid="wa-template-language"
        />
        <Select
          label={t('whatsapp.editor.category')}
          data={WA_CATEGORIES.map((c) => ({ value: c, label: t(`whatsapp.category.${c}`) }))}
          allowDeselect={false}
          value={state.category}
          disabled={disabled}
          description={state.categoryChosen ? undefined : t('whatsapp.editor.categorySuggested')}
          error={err('category')}
          onChange={(v) => v && onChange({ category: v as BuilderState['category'], categoryChosen: true })}
          data-testid="wa-template-category"
        />
      </SimpleGrid>
      {promotional && (
        <Alert color="yellow" variant="light" data-testid="wa-category-warning">
          <Group justify="space-between" gap="xs">
            <Text size="sm">{t('whatsapp.editor.promotional', { category: t(`whatsapp.category.${state.category}`) })}</Text>
            {!disabled && (
              <Button
                size="xs"
                variant="light"
                onClick={() => onChange({ category: 'MARKETING', categoryChosen: true })}
                data-testid="wa-category-use-marketing"
              >
                {t('whatsapp.editor.useMarketing')}
              </Button>
            )}
          </Group>
        </Alert>
      )}

      <Stack gap={6}>
        <Text fw={600} size="sm">
          {t('whatsapp.editor.header')}
        </Text>
        <SegmentedControl
          size="xs"
          disabled={disabled}
          value={state.headerFormat}
          onChange={(v) => onChange({ headerFormat: v as HeaderFormat })}
          data={HEADER_FORMATS.map((f) => ({ value: f, label: t(`whatsapp.editor.headerFormat.${f}`) }))}
          data-testid="wa-template-header-format"
        />
        {state.headerFormat === 'TEXT' && (
          <>
            <TextInput
              value={state.headerText}
              maxLength={WA_LIMITS.headerText}
              disabled={disabled}
              error={err('headerText')}
              placeholder={t('whatsapp.editor.headerPlaceholder')}
              onChange={(e) => onChange({ headerText: e.currentTarget.value })}
              attributes={autoDir(state.headerText)}
              data-testid="wa-template-header"
            />
            {waVariables(state.headerText).length > 0 && (
              <TextInput
                size="xs"
                label={t('whatsapp.editor.variableExample', { n: 1 })}
                value={state.headerExample}
                attributes={autoDir(state.headerExample)}
                disabled={disabled}
                error={err('headerExample')}
                onChange={(e) => onChange({ headerExample: e.currentTarget.value })}
              />
            )}
          </>
        )}
        {state.headerFormat !== 'NONE' && state.headerFormat !== 'TEXT' && (
          <TextInput
            dir="ltr"
            label={t('whatsapp.editor.mediaExample')}
            placeholder="https://cdn.example.com/banner.png"
            value={state.headerMedia}
            disabled={disabled}
            error={err('headerExample')}
            onChange={(e) => onChange({ headerMedia: e.currentTarget.value })}
          />
        )}
      </Stack>

      <Stack gap={6}>
        <Group justify="space-between">
          <Text fw={600} size="sm">
            {t('whatsapp.editor.body')}
          </Text>
          <Group gap="xs">
            {!disabled && (
              <WriteWithAi
                channel="whatsapp"
                defaults={{ language: state.language.startsWith('ar') ? 'ar' : 'en' }}
                testId="wa-write-with-ai"
                onPick={(v) =>
                  v.whatsapp &&
                  onChange({
                    body: v.whatsapp.body,
                    bodyExamples: v.whatsapp.parameters.map((x) => x.example),
                    footer: v.whatsapp.footer ?? state.footer,
                    category: 'MARKETING',
                  })
                }
              />
            )}
            <Button
              size="xs"
              variant="light"
              leftSection={<IconBraces size={14} />}
              disabled={disabled}
              onClick={addVariable}
              data-testid="wa-add-variable"
            >
              {t('whatsapp.editor.addVariable')}
            </Button>
          </Group>
        </Group>
        <Textarea
          ref={bodyRef}
          autosize
          minRows={4}
          maxLength={WA_LIMITS.body}
          value={state.body}
          disabled={disabled}
          error={err('body')}
          description={t('whatsapp.editor.chars', { count: state.body.length, max: WA_LIMITS.body })}
          placeholder={t('whatsapp.editor.bodyPlaceholder')}
          onChange={(e) => setBody(e.currentTarget.value)}
          attributes={autoDir(state.body)}
          data-testid="wa-template-body"
        />
        {slots > 0 && (
          <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="xs">
            {Array.from({ length: slots }, (_, i) => (
              <TextInput
                key={i}
                size="xs"
                label={t('whatsapp.editor.variableExample', { n: i + 1 })}
                value={state.bodyExamples[i] ?? ''}
                attributes={autoDir(state.bodyExamples[i] ?? '')}
                disabled={disabled}
                onChange={(e) => {
                  const next = [...state.bodyExamples];
                  next[i] = e.currentTarget.value;
                  onChange({ bodyExamples: next });
                }}
                data-testid={`wa-body-example-${i + 1}`}
              />
            ))}
          </SimpleGrid>
        )}
        {err('bodyExamples') && (
          <Text size="xs" c="red">
            {err('bodyExamples')}
          </Text>
        )}
      </Stack>

      <TextInput
        label={t('whatsapp.editor.footer')}
        value={state.footer}
        maxLength={WA_LIMITS.footer}
        disabled={disabled}
        error={err('footer')}
        onChange={(e) => onChange({ footer: e.currentTarget.value })}
        attributes={autoDir(state.footer)}
        data-testid="wa-template-footer"
      />
    </Stack>
  );
}
