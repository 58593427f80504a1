import { Anchor, List, Stack, Text, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { CodeBlock } from './CodeBlock.tsx';
import { SAMPLE } from './examples.ts';

/** How a machine authenticates: an API key as Basic or Bearer, its scopes, rate limits, Idempotency-Key, errors. */
export function AuthSection() {
  const { t } = useTranslation();
  const { clientId, password } = SAMPLE;
  return (
    <Stack gap="sm" component="section" aria-labelledby="api-docs-auth" data-testid="api-docs-auth">
      <Title order={2} size="h3" id="api-docs-auth">
        {t('apiDocs.auth.title')}
      </Title>
      <Text>{t('apiDocs.auth.intro')}</Text>
      <Anchor component={Link} to="/api-keys" w="fit-content" data-testid="api-docs-keys-link">
        {t('apiDocs.auth.manageKeys')}
      </Anchor>
      <Text size="sm">{t('apiDocs.auth.basic')}</Text>
      <CodeBlock code={`Authorization: Basic base64(${clientId}:${password})`} label={t('apiDocs.auth.basic')} />
      <Text size="sm">{t('apiDocs.auth.bearer')}</Text>
      <CodeBlock code={`Authorization: Bearer ${clientId}.${password}`} label={t('apiDocs.auth.bearer')} />
      <List spacing="sm" size="sm">
        <List.Item>
          <Text span fw={600}>
            {t('apiDocs.auth.scopesTitle')}:{' '}
          </Text>
          {t('apiDocs.auth.scopes')}
        </List.Item>
        <List.Item>
          <Text span fw={600}>
            {t('apiDocs.auth.rateTitle')}:{' '}
          </Text>
          {t('apiDocs.auth.rate')}
        </List.Item>
        <List.Item>
          <Text span fw={600}>
            {t('apiDocs.auth.idempotencyTitle')}:{' '}
          </Text>
          {t('apiDocs.auth.idempotency')}
        </List.Item>
        <List.Item>
          <Text span fw={600}>
            {t('apiDocs.auth.errorsTitle')}:{' '}
          </Text>
          {t('apiDocs.auth.errors')}
        </List.Item>
      </List>
    </Stack>
  );
}
