import { Alert, Badge, Button, Group, List, Paper, Select, Stack, Text, TextInput, Title } from '@mantine/core';
import type { BlacklistType } from '@risala/shared/schemas/blacklists';
import { IconShieldCheck, IconShieldX } from '@tabler/icons-react';
import { type FormEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { isApiError } from '../../../lib/http.ts';
import { useCheckNumber } from '../api/check-number.ts';

/** "Check a number": which ACTIVE list (if any) blocks a number, optionally with a message text. */
export function CheckNumberBox() {
  const { t } = useTranslation();
  const [number, setNumber] = useState('');
  const [text, setText] = useState('');
  const [type, setType] = useState<BlacklistType | null>(null);
  const check = useCheckNumber();
  const error = check.error && isApiError(check.error) ? (check.error.errors?.[0]?.message ?? check.error.message) : undefined;

  function submit(event: FormEvent) {
    event.preventDefault();
    check.mutate({ number, text: text || undefined, type: type ?? undefined });
  }

  const result = check.data;
  return (
    <Paper withBorder radius="md" p="md">
      <form onSubmit={submit} noValidate>
        <Stack gap="sm">
          <Title order={2} size="h5">
            {t('blacklists.check.title')}
          </Title>
          <Group align="flex-start" gap="sm" wrap="wrap">
            <TextInput
              label={t('blacklists.check.number')}
              placeholder="+9665XXXXXXXX"
              value={number}
              classNames={{ input: 'ltr-value' }}
              error={error}
              onChange={(e) => {
                setNumber(e.currentTarget.value);
                check.reset();
              }}
              w={220}
              data-testid="blacklist-check-input"
            />
            <TextInput
              label={t('blacklists.check.text')}
              placeholder={t('blacklists.check.textHint')}
              value={text}
              onChange={(e) => setText(e.currentTarget.value)}
              flex={1}
              miw={200}
              data-testid="blacklist-check-text"
            />
            <Select
              label={t('blacklists.fields.blacklist_type')}
              clearable
              placeholder={t('blacklists.check.anyType')}
              value={type}
              w={160}
              onChange={(v) => setType(v as BlacklistType | null)}
              data={(['MT', 'MO'] as const).map((v) => ({ value: v, label: t(`blacklists.types.${v}`) }))}
            />
            <Button type="submit" mt={25} loading={check.isPending} disabled={!number.trim()} data-testid="blacklist-check-submit">
              {t('blacklists.check.submit')}
            </Button>
          </Group>
          {result && (
            <Alert
              color={result.blocked ? 'red' : 'green'}
              icon={result.blocked ? <IconShieldX size={20} /> : <IconShieldCheck size={20} />}
              title={result.blocked ? t('blacklists.check.blocked') : t('blacklists.check.allowed')}
              data-testid="blacklist-check-result"
              data-blocked={result.blocked ? 'true' : 'false'}
            >
              {result.blocked ? (
                <List size="sm" spacing={4}>
                  {result.matches.map((m) => (
                    <List.Item key={`${m.blacklist_id}-${m.kind}-${m.value}`}>
                      <Text span fw={600}>
                        {m.blacklist_name}
                      </Text>{' '}
                      <Badge size="xs" variant="outline">
                        {m.blacklist_type}
                      </Badge>{' '}
                      {t(`blacklists.kinds.${m.kind}`)}:{' '}
                      <Text span dir={m.kind === 'keyword' ? 'auto' : 'ltr'} ff={m.kind === 'keyword' ? undefined : 'monospace'}>
                        {m.value}
                      </Text>
                    </List.Item>
                  ))}
                </List>
              ) : (
                <Text size="sm">{t('blacklists.check.noMatch')}</Text>
              )}
            </Alert>
          )}
        </Stack>
      </form>
    </Paper>
  );
}
