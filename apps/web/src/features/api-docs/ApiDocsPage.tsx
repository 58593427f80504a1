import { Anchor, Divider, Group, Stack, Text, Title } from '@mantine/core';
import { IconExternalLink } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { LoadError } from '../../components/page/LoadError.tsx';
import { TableSkeleton } from '../../components/page/Skeletons.tsx';
import { api } from '../../lib/api-client.ts';
import { AuthSection } from './AuthSection.tsx';
import { ExamplesSection } from './ExamplesSection.tsx';
import { type ApiOperation, isTryable, type OpenApiDocument, operationsOf } from './operations.ts';
import { OperationsSection } from './OperationsSection.tsx';
import { SmppSection } from './SmppSection.tsx';
import { TryItPanel } from './TryItPanel.tsx';

/** Served to signed-in users (the public /api/docs may be closed in production). */
const DOCUMENT_PATH = '/api/api-docs/openapi.json';
/** The interactive reference (Swagger UI) the server mounts. */
const SWAGGER_UI_PATH = '/api/docs';

/**
 * /api-docs (spec §2 "API documentation"): how a machine authenticates, copy-paste examples, the
 * operations of the served OpenAPI document by tag with a search, and "try it" with the user's own key.
 */
export function ApiDocsPage() {
  const { t } = useTranslation();
  const doc = useQuery({
    queryKey: ['api-docs', 'openapi'],
    queryFn: async () => (await api.get<OpenApiDocument>(DOCUMENT_PATH, { silent: true })).data,
    staleTime: 5 * 60_000,
  });
  const operations = useMemo(() => (doc.data ? operationsOf(doc.data) : []), [doc.data]);
  const tryable = useMemo(() => operations.filter(isTryable), [operations]);
  const [selected, setSelected] = useState<string | null>(null);
  const origin = window.location.origin;

  const tryOperation = (op: ApiOperation) => {
    setSelected(`${op.method} ${op.path}`);
    const panel = document.getElementById('api-docs-try');
    panel?.scrollIntoView({ behavior: 'smooth', block: 'start' });
    // the keyboard follows: to the panel's first field
    window.setTimeout(() => document.querySelector<HTMLInputElement>('[data-testid="api-docs-try-client-id"]')?.focus(), 300);
  };

  return (
    <Stack gap="xl" maw={1100} data-testid="api-docs-page">
      <Stack gap={4}>
        <Title order={1} size="h2">
          {t('apiDocs.title')}
        </Title>
        <Text c="dimmed">{t('apiDocs.subtitle')}</Text>
        <Group gap="lg" mt={4}>
          <Anchor href={SWAGGER_UI_PATH} target="_blank" rel="noopener" data-testid="api-docs-swagger-link">
            <Group gap={4} wrap="nowrap" component="span">
              {t('apiDocs.swaggerLink')}
              <IconExternalLink size={14} aria-hidden />
            </Group>
          </Anchor>
          <Anchor href={DOCUMENT_PATH} target="_blank" rel="noopener" data-testid="api-docs-json-link">
            {t('apiDocs.downloadSpec')}
          </Anchor>
        </Group>
      </Stack>
      <AuthSection />
      <Divider />
      <ExamplesSection origin={origin} />
      <Divider />
      <SmppSection />
      <Divider />
      {doc.isPending ? (
        <TableSkeleton />
      ) : doc.isError ? (
        <LoadError error={doc.error} onRetry={() => void doc.refetch()} />
      ) : (
        <>
          <TryItPanel operations={tryable} selected={selected} />
          <OperationsSection operations={operations} onTry={tryOperation} />
        </>
      )}
    </Stack>
  );
}
