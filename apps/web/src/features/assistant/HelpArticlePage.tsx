import { Button, Paper, Stack, Title } from '@mantine/core';
import { IconArrowUpRight } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { Link, useParams } from 'react-router';
import { SafeMarkdown } from '../../components/markdown/SafeMarkdown.tsx';
import { BackLink } from '../../components/page/BackLink.tsx';
import { LoadError } from '../../components/page/LoadError.tsx';
import { isNotFound, NotFoundNote } from '../../components/page/NotFoundNote.tsx';
import { PageLoader } from '../../components/page/PageLoader.tsx';
import { useHelpArticle } from './api/help.ts';

/** /help/:slug: one article, in the reader's language, with a link to the screen it is about. */
export function HelpArticlePage() {
  const { t, i18n } = useTranslation();
  const { slug = '' } = useParams();
  const article = useHelpArticle(i18n.language, slug);
  if (article.isPending) return <PageLoader />;
  if (article.isError) {
    return isNotFound(article.error) ? (
      <NotFoundNote text={t('ai.help.notFound')} back={<BackLink to="/help" label={t('ai.help.back')} />} />
    ) : (
      <LoadError error={article.error} onRetry={() => void article.refetch()} />
    );
  }
  const a = article.data;
  return (
    <Stack gap="md" maw={760} data-testid="help-article">
      <BackLink to="/help" label={t('ai.help.back')} />
      <Title order={1} size="h2">
        {a.title}
      </Title>
      <Paper withBorder p="lg" radius="md" className="help-article-body">
        <SafeMarkdown text={a.body} />
      </Paper>
      <div>
        <Button component={Link} to={a.screen} variant="light" rightSection={<IconArrowUpRight size={16} />}>
          {t('ai.help.openScreen')}
        </Button>
      </div>
    </Stack>
  );
}
