import { Badge, Button, Group, Paper, Stack, Text } from '@mantine/core';
import type { Insight } from '@risala/shared/schemas/ai-insights';
import { IconAlertTriangle, IconBulb, IconInfoCircle, IconUrgent } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate } from 'react-router';
import { ApiErrorAlert } from '../../../components/page/ApiErrorAlert.tsx';
import { intlLocale } from '../../../lib/i18n.ts';
import { showSuccessToast } from '../../../lib/toast.ts';
import { usePreparedAction } from '../api/analytics.ts';

const LOOK = {
  critical: { color: 'red', icon: IconUrgent },
  warning: { color: 'orange', icon: IconAlertTriangle },
  opportunity: { color: 'green', icon: IconBulb },
  info: { color: 'blue', icon: IconInfoCircle },
} as const;

/** One insight: what, why (with its figures), how sure (its sample), and the one thing to do about it. */
export function InsightCard({ insight }: { insight: Insight }) {
  const { t, i18n } = useTranslation();
  const navigate = useNavigate();
  const prepare = usePreparedAction();
  const look = LOOK[insight.severity];
  const Icon = look.icon;
  const n = (v: number) => new Intl.NumberFormat(intlLocale(i18n.language)).format(v);
  return (
    <Paper
      withBorder
      radius="md"
      p="md"
      style={{ borderInlineStart: `4px solid var(--mantine-color-${look.color}-6)` }}
      data-testid="insight"
      data-kind={insight.kind}
      data-id={insight.id}
    >
      <Stack gap={6}>
        <Group gap="xs" wrap="nowrap" align="flex-start">
          <Icon size={20} color={`var(--mantine-color-${look.color}-6)`} aria-hidden style={{ flexShrink: 0, marginTop: 2 }} />
          <Text fw={600} dir="auto">
            {insight.title}
          </Text>
        </Group>
        <Text size="sm" dir="auto" data-testid="insight-explanation">
          {insight.explanation}
        </Text>
        <Group justify="space-between" gap="xs">
          <Group gap={6}>
            <Badge size="sm" variant="light" color={look.color}>
              {t(`analytics.severity.${insight.severity}`)}
            </Badge>
            {insight.channel && (
              <Badge size="sm" variant="outline">
                {t(`ai.channels.${insight.channel}`)}
              </Badge>
            )}
            <Badge
              size="sm"
              variant="dot"
              color={insight.confidence.level === 'high' ? 'green' : insight.confidence.level === 'medium' ? 'yellow' : 'gray'}
              data-testid="insight-confidence"
            >
              {t(`analytics.confidence.${insight.confidence.level}`, { sample: n(insight.confidence.sample) })}
            </Badge>
          </Group>
          {insight.action.kind === 'open' ? (
            <Button component={Link} to={insight.action.url} size="xs" variant="light" data-testid="insight-action">
              {insight.action.label}
            </Button>
          ) : (
            <Button
              size="xs"
              variant="light"
              loading={prepare.isPending}
              data-testid="insight-action"
              onClick={() =>
                insight.action.endpoint &&
                prepare.mutate(insight.action.endpoint, {
                  onSuccess: (r) => {
                    showSuccessToast('analytics.groupCreated');
                    navigate(r.url);
                  },
                })
              }
            >
              {insight.action.label}
            </Button>
          )}
        </Group>
        {prepare.isError && <ApiErrorAlert error={prepare.error} fallback={t('analytics.actionFailed')} />}
      </Stack>
    </Paper>
  );
}
