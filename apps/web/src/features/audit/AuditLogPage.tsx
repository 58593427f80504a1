import { Badge, Button, Card, Group, Paper, Select, Stack, Table, Text, Title } from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import { can } from '@risala/shared/permissions';
import { AUDIT_ACTIONS, AUDIT_TARGET_TYPES, type AuditEntryDto } from '@risala/shared/schemas/audit';
import { IconDownload, IconX } from '@tabler/icons-react';
import type { TFunction } from 'i18next';
import { useTranslation } from 'react-i18next';
import { DayInput } from '../../components/dates/DayInput.tsx';
import { QueryState } from '../../components/page/QueryState.tsx';
import { Moment } from '../../components/time/Moment.tsx';
import { useAccountTimeZone, useSession } from '../../lib/session.ts';
import { useUrlList } from '../../lib/url-list.ts';
import { auditExportUrl, useAuditActors, useAuditLog } from './api.ts';

/** The filters live in the URL: /audit-log?action=auth.login&from=2026-12-01 */
const DEFAULTS = { actor_id: '', action: '', target_type: '', from: '', to: '' };

/** An action in words ("Signed in"); an action the catalogue does not name yet shows as written. */
export const actionLabel = (t: TFunction, action: string) => t(`audit.actions.${action}`, { defaultValue: action });

function who(t: TFunction, e: AuditEntryDto): string {
  if (e.actor_name) return e.actor_name;
  if (e.actor_type === 'user') return t('audit.formerUser');
  return t(`audit.actorTypes.${e.actor_type}`, { defaultValue: e.actor_type });
}

function target(t: TFunction, e: AuditEntryDto): string {
  if (!e.target_type) return '—';
  const kind = t(`audit.targetTypes.${e.target_type}`, { defaultValue: e.target_type });
  return e.target_label ? `${kind}: ${e.target_label}` : e.target_id ? `${kind} #${e.target_id}` : kind;
}

/** /audit-log: who did what and when (owners and admins), filtered, paged, exported as CSV. */
export function AuditLogPage() {
  const { t, i18n } = useTranslation();
  const { permissions } = useSession();
  const zone = useAccountTimeZone();
  const phone = useMediaQuery('(max-width: 48em)');
  const list = useUrlList(DEFAULTS);
  const f = list.values;
  const inverted = Boolean(f.from && f.to && f.from > f.to);
  const log = useAuditLog(f);
  const actors = useAuditActors();
  const any = Object.values(f).some(Boolean);
  const items = log.data?.pages.flatMap((p) => p.items) ?? [];
  const w = (px: number) => (phone ? '100%' : px);

  const filters = (
    <Group gap="sm" align="flex-end" data-testid="audit-filters">
      <Select
        label={t('audit.filters.actor')}
        placeholder={t('audit.filters.allActors')}
        clearable
        searchable
        value={f.actor_id || null}
        onChange={(v) => list.update({ actor_id: v })}
        data={(actors.data ?? []).map((a) => ({ value: String(a.id), label: a.name === a.email ? a.email : `${a.name} (${a.email})` }))}
        w={w(240)}
        data-testid="audit-filter-actor"
      />
      <Select
        label={t('audit.filters.action')}
        placeholder={t('audit.filters.allActions')}
        clearable
        searchable
        value={f.action || null}
        onChange={(v) => list.update({ action: v })}
        data={AUDIT_ACTIONS.map((a) => ({ value: a, label: actionLabel(t, a) }))}
        w={w(260)}
        data-testid="audit-filter-action"
      />
      <Select
        label={t('audit.filters.targetType')}
        placeholder={t('audit.filters.allTargets')}
        clearable
        value={f.target_type || null}
        onChange={(v) => list.update({ target_type: v })}
        data={AUDIT_TARGET_TYPES.map((k) => ({ value: k, label: t(`audit.targetTypes.${k}`) }))}
        w={w(200)}
        data-testid="audit-filter-target"
      />
      <DayInput
        label={t('audit.filters.from')}
        value={f.from}
        onChange={(day) => list.update({ from: day })}
        max={f.to || undefined}
        w={w(170)}
        testId="audit-filter-from"
      />
      <DayInput
        label={t('audit.filters.to')}
        value={f.to}
        onChange={(day) => list.update({ to: day })}
        min={f.from || undefined}
        error={inverted ? t('validation.dateRange') : undefined}
        w={w(170)}
        testId="audit-filter-to"
      />
      {any && (
        <Button variant="subtle" leftSection={<IconX size={14} />} onClick={() => list.update(DEFAULTS)} data-testid="audit-filters-clear">
          {t('audit.filters.clear')}
        </Button>
      )}
    </Group>
  );

  const rows = items.map((e) => (
    <Table.Tr key={e.id} data-testid="audit-row" data-action={e.action}>
      <Table.Td style={{ whiteSpace: 'nowrap' }}>
        <Moment at={e.created_at} />
      </Table.Td>
      <Table.Td>
        <Text size="sm" fw={500}>
          {who(t, e)}
        </Text>
        {e.actor_email && e.actor_email !== e.actor_name && (
          <Text size="xs" c="dimmed" dir="ltr" ta="start">
            {e.actor_email}
          </Text>
        )}
      </Table.Td>
      <Table.Td>
        <Badge variant="light" data-testid="audit-action">
          {actionLabel(t, e.action)}
        </Badge>
      </Table.Td>
      <Table.Td>{target(t, e)}</Table.Td>
      <Table.Td dir="ltr" ta="start">
        {e.ip ?? '—'}
      </Table.Td>
    </Table.Tr>
  ));

  const cards = items.map((e) => (
    <Card key={e.id} withBorder radius="md" padding="sm" data-testid="audit-row" data-action={e.action}>
      <Group justify="space-between" gap="xs" wrap="nowrap" align="flex-start">
        <Badge variant="light" data-testid="audit-action" style={{ flexShrink: 1, minWidth: 0 }}>
          {actionLabel(t, e.action)}
        </Badge>
        <Text size="xs" c="dimmed">
          <Moment at={e.created_at} />
        </Text>
      </Group>
      <Text size="sm" mt={6} fw={500}>
        {who(t, e)}
      </Text>
      {e.target_type && (
        <Text size="sm" c="dimmed">
          {target(t, e)}
        </Text>
      )}
    </Card>
  ));

  return (
    <Stack gap="lg" data-testid="audit-log-page">
      <Group justify="space-between" align="flex-end">
        <div style={{ minWidth: 0 }}>
          <Title order={1} size="h2">
            {t('audit.title')}
          </Title>
          <Text c="dimmed">{t('audit.subtitle', { zone })}</Text>
        </div>
        {can(permissions, 'audit_log', 'export') && (
          <Button
            component="a"
            href={auditExportUrl(f, i18n.language)}
            download
            variant="default"
            leftSection={<IconDownload size={16} />}
            data-testid="audit-export"
          >
            {t('audit.export')}
          </Button>
        )}
      </Group>
      {filters}
      <QueryState query={log} empty={() => items.length === 0} emptyText={t(any ? 'audit.noMatch' : 'audit.empty')}>
        {() => (
          <Stack gap="sm">
            {phone ? (
              <Stack gap="xs" data-testid="audit-table">
                {cards}
              </Stack>
            ) : (
              <Paper withBorder radius="md" p="xs">
                <Table.ScrollContainer minWidth={760}>
                  <Table verticalSpacing="sm" data-testid="audit-table">
                    <Table.Thead>
                      <Table.Tr>
                        <Table.Th>{t('audit.columns.time')}</Table.Th>
                        <Table.Th>{t('audit.columns.actor')}</Table.Th>
                        <Table.Th>{t('audit.columns.action')}</Table.Th>
                        <Table.Th>{t('audit.columns.target')}</Table.Th>
                        <Table.Th>{t('audit.columns.ip')}</Table.Th>
                      </Table.Tr>
                    </Table.Thead>
                    <Table.Tbody>{rows}</Table.Tbody>
                  </Table>
                </Table.ScrollContainer>
              </Paper>
            )}
            <Group justify="center">
              {log.hasNextPage ? (
                <Button
                  variant="default"
                  loading={log.isFetchingNextPage}
                  onClick={() => void log.fetchNextPage()}
                  data-testid="audit-more"
                >
                  {t('audit.loadMore')}
                </Button>
              ) : (
                <Text size="sm" c="dimmed">
                  {t('audit.end')}
                </Text>
              )}
            </Group>
          </Stack>
        )}
      </QueryState>
    </Stack>
  );
}
