import { Anchor, Button, Group, Pagination, Paper, SimpleGrid, Stack, Table, Tabs, Text, Title } from '@mantine/core';
import type { AiPlanState } from '@risala/shared/schemas/ai-plans';
import { can } from '@risala/shared/permissions';
import { IconPlus, IconSparkles } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { QueryState } from '../../components/page/QueryState.tsx';
import { formatDate, intlLocale } from '../../lib/i18n.ts';
import { useSession } from '../../lib/session.ts';
import { oneOf, useUrlList } from '../../lib/url-list.ts';
import { usePlanStats, usePlans } from './api/plans.ts';
import { StatusBadge } from './components/StatusBadge.tsx';
import { EmptyState } from '../../components/empty-state/EmptyState.tsx';

const VIEWS = ['all', 'pending'] as const;
const LIST_DEFAULTS = { view: 'all', search: '' };

function Stats() {
  const { t, i18n } = useTranslation();
  const stats = usePlanStats();
  const n = (v: number) => new Intl.NumberFormat(intlLocale(i18n.language)).format(v);
  if (!stats.data) return null;
  const s = stats.data;
  const cells: [string, number][] = [
    ['aiPlans.stats.total', s.total],
    ['aiPlans.stats.pending', s.by_status.PENDING_APPROVAL],
    ['aiPlans.stats.approved', s.by_status.APPROVED],
    ['aiPlans.stats.applied', s.applied_campaigns],
  ];
  return (
    <SimpleGrid cols={{ base: 2, sm: 4 }} data-testid="ai-plan-stats">
      {cells.map(([key, value]) => (
        <Paper key={key} withBorder radius="md" p="sm">
          <Text size="xs" c="dimmed">
            {t(key)}
          </Text>
          <Text fw={700} size="xl">
            {n(value)}
          </Text>
        </Paper>
      ))}
    </SimpleGrid>
  );
}

function PlanTable({ view }: { view: (typeof VIEWS)[number] }) {
  const { t, i18n } = useTranslation();
  const { permissions } = useSession();
  const list = useUrlList(LIST_DEFAULTS);
  const plans = usePlans(view, null as AiPlanState | null, list.page);
  const n = (v: number) => new Intl.NumberFormat(intlLocale(i18n.language)).format(v);
  const pages = Math.max(1, Math.ceil((plans.data?.total ?? 0) / 20));
  return (
    <QueryState
      query={plans}
      empty={(d) => d.items.length === 0}
      emptyText={t(view === 'pending' ? 'aiPlans.list.emptyPending' : 'aiPlans.list.empty')}
      emptyState={
        view === 'pending' ? undefined : (
          <EmptyState
            icon={IconSparkles}
            title={t('aiPlans.list.emptyTitle')}
            text={t('aiPlans.list.empty')}
            action={
              can(permissions, 'campaign', 'create') && (
                <Button component={Link} to="/campaign/ai-plans/new" leftSection={<IconSparkles size={16} />}>
                  {t('aiPlans.list.emptyAction')}
                </Button>
              )
            }
          />
        )
      }
    >
      {(data) => (
        <Paper withBorder radius="md" p="xs">
          <Table.ScrollContainer minWidth={760}>
            <Table verticalSpacing="sm" data-testid="ai-plan-table">
              <Table.Thead>
                <Table.Tr>
                  <Table.Th>{t('aiPlans.list.name')}</Table.Th>
                  <Table.Th>{t('aiPlans.list.objective')}</Table.Th>
                  <Table.Th>{t('aiPlans.list.status')}</Table.Th>
                  <Table.Th>{t('aiPlans.list.reachable')}</Table.Th>
                  <Table.Th>{t('aiPlans.list.credits')}</Table.Th>
                  <Table.Th>{t('aiPlans.list.window')}</Table.Th>
                  <Table.Th>{t('aiPlans.list.createdBy')}</Table.Th>
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {data.items.map((p) => (
                  <Table.Tr key={p.id} data-testid="ai-plan-row" data-status={p.status}>
                    <Table.Td>
                      <Anchor component={Link} to={`/campaign/ai-plans/${p.id}`} dir="auto">
                        {p.name}
                      </Anchor>
                    </Table.Td>
                    <Table.Td>{t(`aiPlans.objectives.${p.objective}`)}</Table.Td>
                    <Table.Td>
                      <StatusBadge status={p.status} />
                    </Table.Td>
                    <Table.Td>{n(p.reachable)}</Table.Td>
                    <Table.Td>{n(p.credits)}</Table.Td>
                    <Table.Td style={{ whiteSpace: 'nowrap' }}>
                      {formatDate(`${p.start_date}T12:00:00Z`, { dateStyle: 'medium', timeZone: 'UTC' }, i18n.language)} –{' '}
                      {formatDate(`${p.end_date}T12:00:00Z`, { dateStyle: 'medium', timeZone: 'UTC' }, i18n.language)}
                    </Table.Td>
                    <Table.Td dir="auto">{p.created_by_name ?? '—'}</Table.Td>
                  </Table.Tr>
                ))}
              </Table.Tbody>
            </Table>
          </Table.ScrollContainer>
          {pages > 1 && <Pagination total={pages} value={list.page} onChange={list.setPage} size="sm" m="sm" />}
        </Paper>
      )}
    </QueryState>
  );
}

/** /campaign/ai-plans: every AI plan of the account and the approvers' queue, with counts. */
export function PlansPage() {
  const { t } = useTranslation();
  const { permissions } = useSession();
  const list = useUrlList(LIST_DEFAULTS);
  const view = oneOf(list.values.view, VIEWS) ?? 'all';
  return (
    <Stack gap="lg" data-testid="ai-plans-page">
      <Group justify="space-between" align="flex-end">
        <div>
          <Title order={1} size="h2">
            <Group gap="xs" component="span">
              <IconSparkles size={24} aria-hidden />
              {t('aiPlans.title')}
            </Group>
          </Title>
          <Text c="dimmed">{t('aiPlans.subtitle')}</Text>
        </div>
        {can(permissions, 'campaign', 'create') && (
          <Button component={Link} to="/campaign/ai-plans/new" leftSection={<IconPlus size={16} />} data-testid="ai-plan-new">
            {t('aiPlans.new')}
          </Button>
        )}
      </Group>
      <Stats />
      <Tabs value={view} onChange={(v) => v && list.update({ view: v })} keepMounted={false}>
        <Tabs.List>
          {VIEWS.map((v) => (
            <Tabs.Tab key={v} value={v} data-testid={`ai-plans-tab-${v}`}>
              {t(`aiPlans.views.${v}`)}
            </Tabs.Tab>
          ))}
        </Tabs.List>
        {VIEWS.map((v) => (
          <Tabs.Panel key={v} value={v} pt="md">
            <PlanTable view={v} />
          </Tabs.Panel>
        ))}
      </Tabs>
    </Stack>
  );
}
