import { Badge, Button, Code, Group, Select, Stack, Switch, Table, Text, TextInput, Title } from '@mantine/core';
import { can } from '@risala/shared/permissions';
import { FILTER_TYPES, type Rule } from '@risala/shared/schemas/gateway-routing';
import { IconPlus, IconSearch } from '@tabler/icons-react';
import type { TFunction } from 'i18next';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { QueryTable } from '../../../components/page/QueryTable.tsx';
import { ListFooter } from '../../../components/page/ListFooter.tsx';
import { useSession } from '../../../lib/session.ts';
import { oneOf, useUrlList, useUrlSearch } from '../../../lib/url-list.ts';
import { ConfirmDelete, RoutingNav, RowActions } from '../RoutingNav.tsx';
import { useRuleMutations } from './api/change-rule.ts';
import { useRules } from './api/get-rules.ts';
import { RuleFormModal } from './RuleFormModal.tsx';
import { formatList } from '../../../lib/i18n.ts';

const LIMIT = 20;
/** The list's view in the URL (lib/url-list.ts): /gateway/rules?search=…&type=sender_id&page=2 */
const LIST_DEFAULTS = { search: '', type: '' };

/** A short, readable form of a rule's value. */
export function ruleSummary(rule: Rule, t: TFunction): string {
  const v = rule.value as Record<string, unknown>;
  switch (rule.filter_type) {
    case 'destination_pattern':
    case 'content_pattern':
      return String(v.pattern);
    case 'time_window':
      return `${(v.days as number[]).map((d) => t(`gateway.rules.days.${d}`)).join(' ')} ${v.from}–${v.to}`;
    case 'transparent':
      return t('gateway.rules.help.transparent');
    default:
      return formatList((Object.values(v)[0] as unknown[]).map(String), 'disjunction'); // a rule matches any of its values
  }
}

/** /gateway/rules — the filters routers match on, with the §8 status and delete rules. */
export function RulesPage() {
  const { t } = useTranslation();
  const { permissions } = useSession();
  // the view lives in the URL (a reload or Back from another routing page shows the same rules)
  const list = useUrlList(LIST_DEFAULTS);
  const [search, setSearch] = useUrlSearch(list);
  const { page, setPage } = list;
  const searched = list.values.search;
  const type = oneOf(list.values.type, FILTER_TYPES);
  const [editing, setEditing] = useState<Rule | null | 'new'>(null);
  const [deleting, setDeleting] = useState<Rule | null>(null);
  const rules = useRules({
    page,
    limit: LIMIT,
    search: searched || undefined,
    filter_type: type ?? undefined,
    sort: 'created_at',
    order: 'desc',
  });
  const { status, remove } = useRuleMutations();
  const canEdit = can(permissions, 'sender', 'update');

  const body = (
    <QueryTable
      query={rules}
      empty={(data) => data.items.length === 0}
      emptyText={t(searched || type ? 'gateway.rules.noMatch' : 'gateway.rules.empty')}
      minWidth={720}
      testId="rule-table"
      headers={[
        t('gateway.rules.fields.rule_name'),
        t('gateway.rules.fields.filter_type'),
        t('gateway.rules.fields.value'),
        t('gateway.routers.fields.status'),
        null,
      ]}
      rows={(data) =>
        data.items.map((rule) => (
          <Table.Tr key={rule.id} data-testid="rule-row">
            <Table.Td fw={600}>{rule.rule_name}</Table.Td>
            <Table.Td>
              <Badge variant="outline">{t(`gateway.rules.types.${rule.filter_type}`)}</Badge>
            </Table.Td>
            <Table.Td>
              <Code dir="ltr">{ruleSummary(rule, t)}</Code>
            </Table.Td>
            <Table.Td>
              <Switch
                checked={rule.status === 'ACTIVE'}
                disabled={!canEdit || rule.filter_type === 'transparent'}
                data-testid="rule-status"
                label={t(`gateway.routers.status.${rule.status}`)}
                onChange={(e) => status.mutate({ id: rule.id, active: e.currentTarget.checked })}
              />
            </Table.Td>
            <Table.Td>
              {canEdit && <RowActions testId="rule" onEdit={() => setEditing(rule)} onDelete={() => setDeleting(rule)} />}
            </Table.Td>
          </Table.Tr>
        ))
      }
      footer={(data) => (
        <ListFooter label={t('gateway.rules.total', { count: data.total })} page={page} count={data.total} limit={LIMIT} onPage={setPage} />
      )}
    />
  );

  return (
    <Stack gap="lg" data-testid="rules-page">
      <RoutingNav />
      <Group justify="space-between" align="flex-end">
        <div>
          <Title order={1} size="h2">
            {t('gateway.rules.title')}
          </Title>
          <Text c="dimmed">{t('gateway.rules.subtitle')}</Text>
        </div>
        {can(permissions, 'sender', 'create') && (
          <Button leftSection={<IconPlus size={16} />} onClick={() => setEditing('new')} data-testid="rule-new">
            {t('gateway.rules.new')}
          </Button>
        )}
      </Group>
      <Group gap="sm" align="flex-end">
        <TextInput
          leftSection={<IconSearch size={16} />}
          placeholder={t('gateway.rules.search')}
          aria-label={t('gateway.rules.search')}
          value={search}
          onChange={(e) => setSearch(e.currentTarget.value)}
          flex={1}
          maw={420}
          data-testid="rule-search"
        />
        <Select
          label={t('gateway.rules.fields.filter_type')}
          clearable
          placeholder={t('gateway.rules.allTypes')}
          value={type}
          w={240}
          onChange={(v) => list.update({ type: v })}
          data={FILTER_TYPES.map((f) => ({ value: f, label: t(`gateway.rules.types.${f}`) }))}
        />
      </Group>
      {body}
      {editing && <RuleFormModal rule={editing === 'new' ? null : editing} onClose={() => setEditing(null)} />}
      {deleting && (
        <ConfirmDelete name={deleting.rule_name} onConfirm={() => remove.mutateAsync(deleting.id)} onClose={() => setDeleting(null)} />
      )}
    </Stack>
  );
}
