import { Alert, Badge, Button, Group, Paper, Stack, Text, Textarea, TextInput, Title } from '@mantine/core';
import { routeTestSchema } from '@risala/shared/schemas/gateway-routing';
import { type FormEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useRoutingForm } from '../routing-form.ts';
import { useTestRoute } from './api/test-route.ts';

/** "Test a route": which router and connections a message would take now. */
export function RouteTestBox() {
  const { t } = useTranslation();
  const [draft, setDraft] = useState({ destination: '', sender: '', content: '' });
  const form = useRoutingForm(['destination', 'sender', 'content']);
  const test = useTestRoute();
  const result = test.data;

  async function submit(event: FormEvent) {
    event.preventDefault();
    const input = form.check(routeTestSchema, { ...draft, sender: draft.sender || null });
    test.reset(); // a result belongs to the input it answered, never to the next one
    if (!input) return;
    try {
      await test.mutateAsync(input);
    } catch (err) {
      form.showApiError(err);
    }
  }

  return (
    <Paper withBorder radius="md" p="md" data-testid="route-test">
      <form onSubmit={submit} noValidate>
        <Stack gap="sm">
          <Title order={2} size="h4">
            {t('gateway.routers.test.title')}
          </Title>
          {form.formError && (
            <Alert color="red" role="alert">
              {form.formError}
            </Alert>
          )}
          <Group grow align="flex-start">
            <TextInput
              label={t('gateway.routers.test.destination')}
              placeholder="+9665XXXXXXXX"
              dir="ltr"
              value={draft.destination}
              error={form.error('destination')}
              onChange={(e) => setDraft({ ...draft, destination: e.currentTarget.value })}
              data-testid="route-test-destination"
            />
            <TextInput
              label={t('gateway.routers.test.sender')}
              dir="ltr"
              value={draft.sender}
              error={form.error('sender')}
              onChange={(e) => setDraft({ ...draft, sender: e.currentTarget.value })}
              data-testid="route-test-sender"
            />
          </Group>
          <Textarea
            label={t('gateway.routers.test.content')}
            autosize
            minRows={2}
            value={draft.content}
            error={form.error('content')}
            onChange={(e) => setDraft({ ...draft, content: e.currentTarget.value })}
            data-testid="route-test-content"
          />
          <Group justify="flex-end">
            <Button type="submit" variant="light" loading={test.isPending} data-testid="route-test-run">
              {t('gateway.routers.test.run')}
            </Button>
          </Group>
          {result && !result.matched && (
            <Alert color="orange" data-testid="route-test-result">
              {t('gateway.routers.test.noRoute')}
            </Alert>
          )}
          {result?.matched && result.router && (
            <Alert color="teal" data-testid="route-test-result">
              <Stack gap={4}>
                <Group gap="xs">
                  <Text fw={600}>{result.router.router_name}</Text>
                  <Badge variant="light">{t(`gateway.routers.types.${result.router.router_type}`)}</Badge>
                </Group>
                <Text size="sm">
                  {t('gateway.routers.test.connections')}:{' '}
                  {result.connections.map((c, i) => `${i + 1}. ${c.connection_name ?? `#${c.id}`}`).join('  ')}
                </Text>
                {result.preview && result.plugins.length > 0 && (
                  <Text size="sm" dir="auto">
                    {t('gateway.routers.test.after', { sender: result.preview.sender ?? '—', content: result.preview.content })}
                  </Text>
                )}
              </Stack>
            </Alert>
          )}
        </Stack>
      </form>
    </Paper>
  );
}
