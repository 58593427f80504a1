import { Badge, Box, Button, Group, Stack, Table, Text, TextInput, Title } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { IconSearch } from '@tabler/icons-react';
import { type SyntheticEvent, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { type ApiOperation, groupByTag, isTryable, searchOperations } from './operations.ts';

const METHOD_COLORS: Record<string, string> = { GET: 'blue', POST: 'teal', PUT: 'orange', PATCH: 'grape', DELETE: 'red' };

export function MethodBadge({ method }: { method: string }) {
  return (
    <Badge
      color={METHOD_COLORS[method] ?? 'gray'}
      variant="light"
      radius="sm"
      w={76}
      style={{ flexShrink: 0, overflow: 'visible' }}
      dir="ltr"
    >
      {method}
    </Badge>
  );
}

/** One operation: a disclosure (native details/summary: keyboard and screen readers know it) with its parameters and answers. */
function OperationItem({ op, onTry }: { op: ApiOperation; onTry: (op: ApiOperation) => void }) {
  const { t } = useTranslation();
  // the details are built when first opened: some 300 operations stay light to render and to re-render
  const [opened, setOpened] = useState(false);
  return (
    <Box
      component="details"
      className="api-docs-op"
      data-testid="api-docs-operation"
      data-operation-id={op.operationId}
      onToggle={(e: SyntheticEvent<HTMLDetailsElement>) => {
        if (e.currentTarget.open) setOpened(true);
      }}
    >
      <Box component="summary" py={6} style={{ cursor: 'pointer' }}>
        <Group gap="xs" wrap="nowrap" display="inline-flex" style={{ verticalAlign: 'middle', maxWidth: 'calc(100% - 24px)' }}>
          <MethodBadge method={op.method} />
          <Text span ff="monospace" size="sm" dir="ltr" style={{ overflowWrap: 'anywhere' }}>
            {op.path}
          </Text>
        </Group>
        {op.summary && (
          <Text size="sm" c="dimmed" ms={84}>
            {op.summary}
          </Text>
        )}
      </Box>
      {opened && (
        <Stack gap="xs" ps={{ base: 0, sm: 84 }} pb="sm">
          <Text size="xs" c="dimmed" ff="monospace">
            <span dir="ltr">{op.operationId}</span>
          </Text>
          {op.description && op.description !== op.summary && <Text size="sm">{op.description}</Text>}
          <Text size="sm" fw={600}>
            {t('apiDocs.operations.parameters')}
          </Text>
          {op.parameters.length === 0 ? (
            <Text size="sm" c="dimmed">
              {t('apiDocs.operations.noParameters')}
            </Text>
          ) : (
            <Table.ScrollContainer minWidth={360}>
              <Table withTableBorder fz="sm">
                <Table.Tbody>
                  {op.parameters.map((p) => (
                    <Table.Tr key={`${p.in}:${p.name}`}>
                      <Table.Td ff="monospace">
                        <span dir="ltr">{p.name}</span>
                      </Table.Td>
                      <Table.Td>{t(`apiDocs.operations.in.${p.in}`, { defaultValue: p.in })}</Table.Td>
                      <Table.Td ff="monospace">
                        <span dir="ltr">{p.type ?? ''}</span>
                      </Table.Td>
                      <Table.Td>{p.required ? t('apiDocs.operations.required') : ''}</Table.Td>
                    </Table.Tr>
                  ))}
                </Table.Tbody>
              </Table>
            </Table.ScrollContainer>
          )}
          {op.hasBody && <Text size="sm">{t('apiDocs.operations.body')}</Text>}
          <Group gap={6}>
            <Text size="sm" fw={600}>
              {t('apiDocs.operations.responses')}:
            </Text>
            {op.responses.map((code) => (
              <Badge key={code} variant="outline" color={/^[23]/.test(code) ? 'teal' : 'gray'} radius="sm">
                {code}
              </Badge>
            ))}
          </Group>
          {isTryable(op) && (
            <Button size="xs" variant="light" w="fit-content" onClick={() => onTry(op)} data-testid="api-docs-try-operation">
              {t('apiDocs.operations.tryIt')}
            </Button>
          )}
        </Stack>
      )}
    </Box>
  );
}

/** The document's operations by tag, with a search over method, path, name and summary. */
export function OperationsSection({ operations, onTry }: { operations: ApiOperation[]; onTry: (op: ApiOperation) => void }) {
  const { t } = useTranslation();
  const [search, setSearch] = useState('');
  const [debounced] = useDebouncedValue(search, 150);
  const found = useMemo(() => searchOperations(operations, debounced), [operations, debounced]);
  const groups = useMemo(() => groupByTag(found), [found]);
  return (
    <Stack gap="sm" component="section" aria-labelledby="api-docs-operations" data-testid="api-docs-operations">
      <Title order={2} size="h3" id="api-docs-operations">
        {t('apiDocs.operations.title')}
      </Title>
      <TextInput
        label={t('apiDocs.operations.search')}
        placeholder={t('apiDocs.operations.searchPlaceholder')}
        leftSection={<IconSearch size={16} />}
        value={search}
        onChange={(e) => setSearch(e.currentTarget.value)}
        type="search"
        maw={480}
        data-testid="api-docs-search"
      />
      <Text size="sm" c="dimmed" aria-live="polite" data-testid="api-docs-count">
        {t('apiDocs.operations.count', { count: found.length })}
      </Text>
      {groups.length === 0 ? (
        <Text data-testid="api-docs-no-match">{t('apiDocs.operations.none')}</Text>
      ) : (
        groups.map((g) => (
          <Stack key={g.tag} gap={0} component="section" aria-label={g.tag} data-testid="api-docs-tag" data-tag={g.tag}>
            <Title order={3} size="h5" tt="capitalize" mt="sm" mb={4}>
              {g.tag}
            </Title>
            {g.operations.map((op) => (
              <OperationItem key={`${op.method} ${op.path}`} op={op} onTry={onTry} />
            ))}
          </Stack>
        ))
      )}
    </Stack>
  );
}
