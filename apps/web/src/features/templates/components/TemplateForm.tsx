import { Alert, Button, Group, SegmentedControl, Select, Stack, Text, Textarea, TextInput } from '@mantine/core';
import {
  createRichTemplateSchema,
  createTemplateSchema,
  type MessageType,
  TEMPLATE_CATEGORIES,
  type Template,
  type TemplateCategory,
  updateTemplateSchema,
} from '@risala/shared/schemas/templates';
import { useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { apiFieldErrors, zodFieldErrors } from '../../../lib/forms.ts';
import { isApiError } from '../../../lib/http.ts';
import { translateMessage } from '../../../lib/i18n.ts';
import { autoDir } from '../../../lib/text-direction.ts';
import { useCreateRichTemplate } from '../api/create-rich-template.ts';
import { useCreateTemplate } from '../api/create-template.ts';
import { useUpdateTemplate } from '../api/update-template.ts';
import { EmailEditor } from '../../../components/email-editor/EmailEditor.tsx';
import { WriteWithAi } from '../../../components/ai-writing/WriteWithAi.tsx';
import { insertAtCursor } from '../../../components/email-editor/insert-at-cursor.ts';
import { SmsCounter } from './SmsCounter.tsx';
import { LazyEmailBuilder } from '../../../components/email-builder/LazyEmailBuilder.tsx';
import { renderEmail } from '../../../components/email-preview/render-email.ts';
import { VariableMenu } from '../../../components/variables/VariableMenu.tsx';

export interface TemplateValues {
  template_name: string;
  category: TemplateCategory;
  subject: string;
  template_text: string;
  html: string;
  /** the visual builder's design; null when the body is edited as rich text or HTML */
  mjml: string | null;
}

const FIELDS = ['template_name', 'category', 'subject', 'template_text', 'html'] as const;
type Errors = Partial<Record<(typeof FIELDS)[number], string>>;

const escapeHtml = (s: string) => s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');

export function initialValues(template: Template | null): TemplateValues {
  return {
    template_name: template?.template_name ?? '',
    category: template?.category ?? 'marketing',
    subject: template?.subject ?? '',
    template_text: template?.template_text ?? '',
    // a text-only email opens in the rich editor as paragraphs
    html:
      template?.html ??
      (template?.message_type === 'email' && template.template_text
        ? template.template_text
            .split(/\n{2,}/)
            .map((p) => `<p>${escapeHtml(p).replace(/\n/g, '<br>')}</p>`)
            .join('')
        : ''),
    mjml: template?.mjml ?? null,
  };
}

/** `mjml: ''`: the builder is chosen and its design not made yet (it starts from the brand's starter design). */
export const NEW_DESIGN = '';

/** The editable fields of a template of one channel; saves (create or update) and reports the result. */
export function TemplateForm({
  channel,
  template,
  values,
  onValues,
  readOnly,
  onSaved,
}: {
  channel: MessageType;
  template: Template | null;
  values: TemplateValues;
  onValues: (values: TemplateValues) => void;
  readOnly: boolean;
  onSaved: (template: Template, created: boolean) => void;
}) {
  const { t } = useTranslation();
  const [errors, setErrors] = useState<Errors>({});
  const [formError, setFormError] = useState<string>();
  const textRef = useRef<HTMLTextAreaElement>(null);
  // the rich editor reads its content once: a version key opens it again on AI-written content
  const [written, setWritten] = useState(0);
  const create = useCreateTemplate();
  const createRich = useCreateRichTemplate();
  const update = useUpdateTemplate();
  const saving = create.isPending || createRich.isPending || update.isPending;
  const isEmail = channel === 'email';
  const designed = isEmail && values.mjml !== null;
  const [brandId, setBrandId] = useState<number | null>(null);
  const [leaving, setLeaving] = useState(false);

  /** Builder → rich text/HTML: the design's rendering becomes the HTML (it opens as source). */
  const leaveBuilder = async () => {
    setLeaving(true);
    try {
      const html = values.mjml ? (await renderEmail({ subject: values.subject || '-', mjml: values.mjml })).html : values.html;
      onValues({ ...values, html, mjml: null });
    } catch (err) {
      fail(err);
    } finally {
      setLeaving(false);
    }
  };

  const set = <K extends keyof TemplateValues>(key: K, value: TemplateValues[K]) => {
    onValues({ ...values, [key]: value });
    if (key in errors) setErrors({ ...errors, [key]: undefined });
  };

  const fail = (err: unknown) => {
    if (!isApiError(err)) return setFormError(String(err));
    const split = apiFieldErrors(err, FIELDS);
    setErrors(split.fields);
    setFormError(split.form);
  };

  const save = () => {
    setFormError(undefined);
    const base = { template_name: values.template_name, category: values.category };
    const body = designed ? { mjml: values.mjml } : { html: values.html };
    const input = template
      ? isEmail
        ? { ...base, subject: values.subject, ...body }
        : { ...base, template_text: values.template_text }
      : isEmail
        ? { ...base, message_type: 'email', subject: values.subject, ...body }
        : { ...base, message_type: channel, template_text: values.template_text };
    const schema = template ? updateTemplateSchema : isEmail ? createRichTemplateSchema : createTemplateSchema;
    const parsed = schema.safeParse(input);
    if (!parsed.success) return setErrors(zodFieldErrors(parsed.error));
    const done = (saved: Template) => onSaved(saved, !template);
    if (template) update.mutate({ id: template.id, input: parsed.data as never }, { onSuccess: done, onError: fail });
    else if (isEmail) createRich.mutate(parsed.data as never, { onSuccess: done, onError: fail });
    else create.mutate(parsed.data as never, { onSuccess: done, onError: fail });
  };

  const field = (name: keyof Errors) => translateMessage(errors[name]);

  return (
    <Stack gap="sm">
      {formError && (
        <Alert color="red" variant="light" data-testid="template-form-error">
          {formError}
        </Alert>
      )}
      <Group grow align="flex-start">
        <TextInput
          label={t('templates.editor.name')}
          required
          value={values.template_name}
          onChange={(e) => set('template_name', e.currentTarget.value)}
          error={field('template_name')}
          readOnly={readOnly}
          data-testid="template-name"
        />
        <Select
          label={t('templates.editor.category')}
          data={TEMPLATE_CATEGORIES.map((v) => ({ value: v, label: t(`templates.category.${v}`) }))}
          value={values.category}
          onChange={(v) => v && set('category', v as TemplateCategory)}
          allowDeselect={false}
          error={field('category')}
          readOnly={readOnly}
          data-testid="template-category"
        />
      </Group>
      {isEmail ? (
        <>
          <TextInput
            label={t('templates.editor.subject')}
            required
            value={values.subject}
            onChange={(e) => set('subject', e.currentTarget.value)}
            attributes={autoDir(values.subject)}
            error={field('subject')}
            readOnly={readOnly}
            data-testid="template-subject"
          />
          <Group justify="space-between" align="flex-end">
            <Text size="sm" fw={500}>
              {t('templates.editor.body')}
            </Text>
            {!readOnly && (
              <Group gap="xs">
                {!designed && (
                  <WriteWithAi
                    channel="email"
                    defaults={{ topic: values.subject }}
                    testId="template-write-with-ai"
                    onPick={(v) => {
                      if (!v.email) return;
                      onValues({ ...values, subject: v.email.subject, html: v.email.html });
                      setWritten((n) => n + 1);
                    }}
                  />
                )}
                <SegmentedControl
                  size="xs"
                  value={designed ? 'builder' : 'rich'}
                  onChange={(v) => (v === 'builder' ? set('mjml', NEW_DESIGN) : void leaveBuilder())}
                  disabled={leaving}
                  aria-label={t('builder.mode.label')}
                  data={[
                    { value: 'builder', label: t('builder.mode.builder') },
                    { value: 'rich', label: t('builder.mode.rich') },
                  ]}
                  data-testid="template-body-mode"
                />
              </Group>
            )}
          </Group>
          {designed ? (
            <>
              <Text size="xs" c="dimmed">
                {t('builder.mode.leaveBuilder')}
              </Text>
              <LazyEmailBuilder
                mjml={values.mjml || null}
                onChange={(mjml) => set('mjml', mjml)}
                brandId={brandId}
                onBrandChange={setBrandId}
                subject={values.subject}
                startFrom={values.html || undefined}
              />
            </>
          ) : (
            <EmailEditor key={written} html={values.html} onChange={(html) => set('html', html)} readOnly={readOnly} />
          )}
          {field('html') && (
            <Text size="sm" c="red">
              {field('html')}
            </Text>
          )}
        </>
      ) : (
        <>
          <Group justify="space-between" align="flex-end">
            <Text size="sm" fw={500}>
              {t('templates.editor.text')}
            </Text>
            <Group gap="xs">
              {!readOnly && (
                <WriteWithAi
                  channel={channel === 'whatsapp' ? 'whatsapp' : 'sms'}
                  defaults={{}}
                  testId="template-write-with-ai"
                  onPick={(v) => {
                    // a plain WhatsApp text template names its variables: {{1}} is the first name
                    const text =
                      v.sms?.text ??
                      [v.whatsapp?.body.replace(/\{\{1\}\}/g, '{{first_name}}'), v.whatsapp?.footer].filter(Boolean).join('\n');
                    set('template_text', text);
                  }}
                />
              )}
              <VariableMenu
                onInsert={(p) => set('template_text', insertAtCursor(textRef.current, values.template_text, p))}
                disabled={readOnly}
              />
            </Group>
          </Group>
          <Textarea
            ref={textRef}
            autosize
            minRows={5}
            value={values.template_text}
            onChange={(e) => set('template_text', e.currentTarget.value)}
            error={field('template_text')}
            readOnly={readOnly}
            aria-label={t('templates.editor.text')}
            attributes={autoDir(values.template_text)}
            data-testid="template-text"
          />
          {channel === 'sms' ? (
            <SmsCounter text={values.template_text} />
          ) : (
            <Text size="sm" c="dimmed">
              {t('templates.editor.chars', { n: [...values.template_text].length })}
            </Text>
          )}
        </>
      )}
      <Text size="xs" c="dimmed">
        {t('templates.editor.variablesHint', {
          example: '{{first_name}}',
          fallback: `{{first_name|${t('templates.editor.fallbackExample')}}}`,
        })}
      </Text>
      {!readOnly && (
        <Group justify="flex-end">
          <Button onClick={save} loading={saving} data-testid="template-save">
            {template ? t('templates.editor.save') : t('templates.editor.create')}
          </Button>
        </Group>
      )}
    </Stack>
  );
}
