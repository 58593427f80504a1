import { Alert, Button, Code, Group, Paper, PasswordInput, Select, Stack, Text, Textarea, TextInput, Title } from '@mantine/core';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { PUBLIC_API, SAMPLE } from './examples.ts';
import { type ApiOperation, authorizationFor, fillPath } from './operations.ts';

interface Answer {
  status: number;
  body: string;
}

const keyOf = (op: ApiOperation) => `${op.method} ${op.path}`;

const sampleBody = (op: ApiOperation | undefined) =>
  op?.method === 'POST' && op.path === PUBLIC_API.sendSms.path
    ? JSON.stringify({ to: SAMPLE.to, text: SAMPLE.text, reference: SAMPLE.reference }, null, 2)
    : op?.hasBody
      ? '{\n}'
      : '';

/**
 * "Try it": one call of the public API (/api/v1) on this server with the user's own key. The key
 * lives in this component's state only (never stored, never sent anywhere else); the request is
 * sent without the page's cookies (credentials: 'omit'), so the key is its only credential.
 * The app's api client is not used: it adds the session's bearer, which a key call must not carry.
 */
export function TryItPanel({ operations, selected }: { operations: ApiOperation[]; selected: string | null }) {
  const { t } = useTranslation();
  const [clientId, setClientId] = useState('');
  const [password, setPassword] = useState('');
  const [opKey, setOpKey] = useState<string | null>(null);
  const [params, setParams] = useState<Record<string, string>>({});
  const [body, setBody] = useState('');
  const [problem, setProblem] = useState<string | null>(null);
  const [answer, setAnswer] = useState<Answer | null>(null);
  const [busy, setBusy] = useState(false);

  const op = operations.find((o) => keyOf(o) === opKey);
  // an operation chosen from the list ("Try it") becomes this panel's
  useEffect(() => {
    if (selected) setOpKey(selected);
  }, [selected]);
  useEffect(() => {
    if (!opKey && operations[0]) setOpKey(keyOf(operations[0]));
  }, [opKey, operations]);
  useEffect(() => {
    setBody(sampleBody(op));
    setParams({});
    setAnswer(null);
    setProblem(null);
  }, [op]);

  if (operations.length === 0) {
    return (
      <Paper withBorder radius="md" p="md" component="section" aria-labelledby="api-docs-try" data-testid="api-docs-try">
        <Title order={2} size="h3" id="api-docs-try">
          {t('apiDocs.tryIt.title')}
        </Title>
        <Text c="dimmed" mt="xs" data-testid="api-docs-try-none">
          {t('apiDocs.tryIt.noOperations')}
        </Text>
      </Paper>
    );
  }
  const fields = op?.parameters.filter((p) => p.in === 'path' || p.in === 'query') ?? [];

  async function send() {
    setProblem(null);
    setAnswer(null);
    if (!op) return;
    if (!clientId.trim() || !password.trim()) return setProblem(t('apiDocs.tryIt.needKey'));
    const missing = fields.find((p) => p.required && !params[p.name]?.trim());
    if (missing) return setProblem(t('apiDocs.tryIt.missingParam', { name: missing.name }));
    let payload: string | undefined;
    if (op.hasBody && body.trim()) {
      try {
        payload = JSON.stringify(JSON.parse(body));
      } catch {
        return setProblem(t('apiDocs.tryIt.badJson'));
      }
    }
    const query = new URLSearchParams();
    for (const p of fields) if (p.in === 'query' && params[p.name]?.trim()) query.set(p.name, params[p.name] as string);
    const url = `${fillPath(op.path, params)}${query.size ? `?${query}` : ''}`;
    setBusy(true);
    try {
      const res = await fetch(url, {
        method: op.method,
        credentials: 'omit',
        headers: {
          authorization: authorizationFor(clientId, password),
          accept: 'application/json',
          ...(payload ? { 'content-type': 'application/json' } : {}),
        },
        body: payload,
      });
      const text = await res.text();
      let shown = text;
      try {
        shown = JSON.stringify(JSON.parse(text), null, 2);
      } catch {
        // not JSON: shown as it came
      }
      setAnswer({ status: res.status, body: shown });
    } catch {
      setProblem(t('apiDocs.tryIt.networkError'));
    } finally {
      setBusy(false);
    }
  }

  return (
    <Paper withBorder radius="md" p="md" component="section" aria-labelledby="api-docs-try" data-testid="api-docs-try">
      <Stack gap="sm">
        <Title order={2} size="h3" id="api-docs-try">
          {t('apiDocs.tryIt.title')}
        </Title>
        <Text size="sm" c="dimmed">
          {t('apiDocs.tryIt.intro')}
        </Text>
        <Group grow align="flex-start" preventGrowOverflow={false} wrap="wrap">
          <TextInput
            label={t('apiDocs.tryIt.clientId')}
            value={clientId}
            onChange={(e) => setClientId(e.currentTarget.value)}
            autoComplete="off"
            spellCheck={false}
            dir="ltr"
            miw={220}
            data-testid="api-docs-try-client-id"
          />
          <PasswordInput
            label={t('apiDocs.tryIt.password')}
            value={password}
            onChange={(e) => setPassword(e.currentTarget.value)}
            autoComplete="off"
            dir="ltr"
            miw={220}
            data-testid="api-docs-try-password"
          />
        </Group>
        <Select
          label={t('apiDocs.tryIt.operation')}
          data={operations.map((o) => ({ value: keyOf(o), label: `${o.method} ${o.path}` }))}
          value={opKey}
          onChange={setOpKey}
          allowDeselect={false}
          searchable
          data-testid="api-docs-try-operation-select"
        />
        {fields.map((p) => (
          <TextInput
            key={`${p.in}:${p.name}`}
            label={`${p.name} (${t(`apiDocs.operations.in.${p.in}`, { defaultValue: p.in })})`}
            withAsterisk={p.required}
            value={params[p.name] ?? ''}
            onChange={(e) => setParams({ ...params, [p.name]: e.currentTarget.value })}
            dir="ltr"
            data-testid={`api-docs-try-param-${p.name}`}
          />
        ))}
        {op?.hasBody && (
          <Textarea
            label={t('apiDocs.tryIt.body')}
            value={body}
            onChange={(e) => setBody(e.currentTarget.value)}
            autosize
            minRows={4}
            maxRows={16}
            dir="ltr"
            spellCheck={false}
            styles={{ input: { fontFamily: 'var(--mantine-font-family-monospace)', fontSize: 13 } }}
            data-testid="api-docs-try-body"
          />
        )}
        <Button onClick={() => void send()} loading={busy} w="fit-content" data-testid="api-docs-try-send">
          {t('apiDocs.tryIt.send')}
        </Button>
        <div aria-live="polite">
          {problem && (
            <Alert color="red" variant="light" data-testid="api-docs-try-problem">
              {problem}
            </Alert>
          )}
          {answer && (
            <Stack gap={4} data-testid="api-docs-try-answer" data-status={answer.status}>
              <Text fw={600}>
                {t('apiDocs.tryIt.response')} — {t('apiDocs.tryIt.status', { status: answer.status })}
              </Text>
              <Code block dir="ltr" style={{ textAlign: 'left', maxHeight: 360, overflow: 'auto' }} tabIndex={0}>
                {answer.body}
              </Code>
            </Stack>
          )}
        </div>
      </Stack>
    </Paper>
  );
}
