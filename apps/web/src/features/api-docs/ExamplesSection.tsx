import { Stack, Tabs, Text, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { CodeBlock } from './CodeBlock.tsx';
import {
  EXAMPLE_LANGUAGES,
  EXAMPLE_TASKS,
  type ExampleLanguage,
  exampleCode,
  SIGNATURE_HEADER,
  SIGNATURE_TOLERANCE_SECONDS,
} from './examples.ts';

const LANGUAGE_NAMES: Record<ExampleLanguage, string> = { curl: 'curl', node: 'Node.js', python: 'Python', php: 'PHP' };

/** Sending an SMS, reading its status and checking a webhook's signature, in four languages (tabs). */
export function ExamplesSection({ origin }: { origin: string }) {
  const { t } = useTranslation();
  return (
    <Stack gap="sm" component="section" aria-labelledby="api-docs-examples" data-testid="api-docs-examples">
      <Title order={2} size="h3" id="api-docs-examples">
        {t('apiDocs.examples.title')}
      </Title>
      <Text c="dimmed">{t('apiDocs.examples.intro')}</Text>
      <Tabs defaultValue="curl" keepMounted={false}>
        <Tabs.List aria-label={t('apiDocs.examples.language')}>
          {EXAMPLE_LANGUAGES.map((lang) => (
            <Tabs.Tab key={lang} value={lang} data-testid={`api-docs-lang-${lang}`}>
              <span dir="ltr">{LANGUAGE_NAMES[lang]}</span>
            </Tabs.Tab>
          ))}
        </Tabs.List>
        {EXAMPLE_LANGUAGES.map((lang) => (
          <Tabs.Panel key={lang} value={lang} pt="md">
            <Stack gap="lg">
              {EXAMPLE_TASKS.map((task) => (
                <Stack key={task} gap={6}>
                  <Title order={3} size="h5">
                    {t(`apiDocs.examples.tasks.${task}`)}
                  </Title>
                  <Text size="sm" c="dimmed">
                    {t(`apiDocs.examples.notes.${task}`, { header: SIGNATURE_HEADER, seconds: SIGNATURE_TOLERANCE_SECONDS })}
                  </Text>
                  <CodeBlock
                    code={exampleCode(task, lang, origin)}
                    label={t('apiDocs.examples.copyLabel', { task: t(`apiDocs.examples.tasks.${task}`), language: LANGUAGE_NAMES[lang] })}
                    testId={`api-docs-example-${task}-${lang}`}
                  />
                </Stack>
              ))}
            </Stack>
          </Tabs.Panel>
        ))}
      </Tabs>
    </Stack>
  );
}
