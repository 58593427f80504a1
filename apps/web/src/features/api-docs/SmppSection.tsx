import { List, Stack, Text, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { CodeBlock } from './CodeBlock.tsx';
import { SAMPLE } from './examples.ts';

/** The SMPP server's default port (SMPP_SERVER_PORT; an operator may choose another). */
const SMPP_PORT = 2776;

/** How an SMPP client connects: host, port, system_id and password from a key of type SMPP, receipts, statuses. */
export function SmppSection() {
  const { t } = useTranslation();
  const bindLines = [
    `host:        ${window.location.hostname}`,
    `port:        ${SMPP_PORT}`,
    `system_id:   ${SAMPLE.clientId}`,
    `password:    ${SAMPLE.password}`,
    'bind:        transceiver | transmitter | receiver',
  ].join('\n');
  return (
    <Stack gap="sm" component="section" aria-labelledby="api-docs-smpp" data-testid="api-docs-smpp">
      <Title order={2} size="h3" id="api-docs-smpp">
        {t('apiDocs.smpp.title')}
      </Title>
      <Text>{t('apiDocs.smpp.intro')}</Text>
      <CodeBlock code={bindLines} label={t('apiDocs.smpp.bindLabel')} testId="api-docs-smpp-bind" />
      <List spacing="sm" size="sm">
        <List.Item>{t('apiDocs.smpp.port', { port: SMPP_PORT })}</List.Item>
        <List.Item>{t('apiDocs.smpp.password')}</List.Item>
        <List.Item>{t('apiDocs.smpp.submit')}</List.Item>
        <List.Item>{t('apiDocs.smpp.receipts')}</List.Item>
        <List.Item>{t('apiDocs.smpp.statuses')}</List.Item>
      </List>
    </Stack>
  );
}
