import { Anchor, Paper, SimpleGrid, Stack, Text, TextInput, Title } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { IconSearch } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { Link, useSearchParams } from 'react-router';
import { PageLoader } from '../../components/page/PageLoader.tsx';
import { LoadError } from '../../components/page/LoadError.tsx';
import { useHelpArticles } from './api/help.ts';

/** /help: the help corpus the assistant answers from, one article per screen and task, searchable. */
export function HelpPage() {
  const { t, i18n } = useTranslation();
  const [params, setParams] = useSearchParams();
  const q = params.get('q') ?? '';
  const [debounced] = useDebouncedValue(q.trim(), 250);
  const articles = useHelpArticles(i18n.language, debounced);

  return (
    <Stack gap="lg" maw={960} data-testid="help-page">
      <div>
        <Title order={1} size="h2">
          {t('ai.help.title')}
        </Title>
        <Text c="dimmed">{t('ai.help.subtitle')}</Text>
      </div>
      <TextInput
        leftSection={<IconSearch size={16} />}
        placeholder={t('ai.help.search')}
        aria-label={t('ai.help.search')}
        value={q}
        onChange={(e) => setParams(e.currentTarget.value ? { q: e.currentTarget.value } : {}, { replace: true })}
        data-testid="help-search"
        dir="auto"
        maw={480}
      />
      {articles.isPending ? (
        <PageLoader />
      ) : articles.isError ? (
        <LoadError error={articles.error} onRetry={() => void articles.refetch()} />
      ) : articles.data.length === 0 ? (
        <Text c="dimmed">{t('ai.help.noResults')}</Text>
      ) : (
        <SimpleGrid cols={{ base: 1, sm: 2, lg: 3 }} spacing="md">
          {articles.data.map((a) => (
            <Paper key={a.slug} withBorder p="md" radius="md" data-testid="help-article-card">
              <Anchor component={Link} to={`/help/${a.slug}`} fw={600}>
                {a.title}
              </Anchor>
              <Text size="sm" c="dimmed" mt={4}>
                {a.summary}
              </Text>
            </Paper>
          ))}
        </SimpleGrid>
      )}
    </Stack>
  );
}
