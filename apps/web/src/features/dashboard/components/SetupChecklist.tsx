import { Badge, Button, Group, Paper, Progress, Stack, Text, ThemeIcon, Title } from '@mantine/core';
import { type Action, can, type EntityName } from '@risala/shared/permissions';
import { SETUP_STEPS, type SetupStep } from '@risala/shared/constants';
import type { GettingStarted } from '@risala/shared/schemas/dashboard';
import { IconCheck, IconCircleDashed } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { useSession } from '../../../lib/session.ts';

/** Where each first step is taken, and the permission it needs there. */
const STEP_LINKS: Record<SetupStep, { to: string; entity: EntityName; action: Action }> = {
  sender: { to: '/sender-management', entity: 'sender', action: 'create' },
  brand: { to: '/brand', entity: 'brand', action: 'create' },
  customers: { to: '/customer/import', entity: 'customer', action: 'create' },
  approved_template: { to: '/template', entity: 'template', action: 'create' },
  sent_message: { to: '/message-history/new-sms', entity: 'campaign', action: 'create' },
  launched_campaign: { to: '/campaign', entity: 'campaign', action: 'create' },
};

/** The first steps with their real state, each linking to where it is done (when the role may). */
export function SetupChecklist({ done }: { done: GettingStarted }) {
  const { t } = useTranslation();
  const { permissions } = useSession();
  const count = SETUP_STEPS.filter((s) => done[s]).length;
  return (
    <Paper withBorder radius="md" p="md" data-testid="getting-started" data-done={count}>
      <Group justify="space-between" mb="xs">
        <Title order={2} size="h4">
          {t('dashboard.start.title')}
        </Title>
        <Text size="sm" c="dimmed" data-testid="getting-started-progress">
          {t('dashboard.start.progress', { done: count, total: SETUP_STEPS.length })}
        </Text>
      </Group>
      <Progress value={(count / SETUP_STEPS.length) * 100} size="sm" mb="md" aria-hidden />
      {count === SETUP_STEPS.length && (
        <Text size="sm" c="green" mb="sm">
          {t('dashboard.start.allDone')}
        </Text>
      )}
      <Stack gap="sm">
        {SETUP_STEPS.map((step) => {
          const link = STEP_LINKS[step];
          const allowed = can(permissions, link.entity, link.action);
          return (
            // the button moves under the step's text when both do not fit (a phone) instead of being cut
            <Group key={step} justify="space-between" align="flex-start" data-testid={`step-${step}`} data-done={done[step]}>
              <Group gap="sm" wrap="nowrap" align="flex-start" flex="1 1 16rem">
                <ThemeIcon size={28} radius="xl" variant={done[step] ? 'filled' : 'light'} color={done[step] ? 'green' : 'gray'}>
                  {done[step] ? <IconCheck size={16} /> : <IconCircleDashed size={16} />}
                </ThemeIcon>
                <div>
                  <Text fw={600} size="sm" td={done[step] ? 'line-through' : undefined} c={done[step] ? 'dimmed' : undefined}>
                    {t(`dashboard.start.steps.${step}.title`)}
                  </Text>
                  {!done[step] && (
                    <Text size="sm" c="dimmed">
                      {t(`dashboard.start.steps.${step}.body`)}
                    </Text>
                  )}
                </div>
              </Group>
              {done[step] ? (
                <Badge color="green" variant="light" tt="none">
                  {t('dashboard.start.done')}
                </Badge>
              ) : (
                allowed && (
                  <Button
                    component={Link}
                    to={link.to}
                    size="xs"
                    variant="light"
                    flex="none"
                    ms={{ base: 40, xs: 0 }}
                    data-testid={`step-${step}-action`}
                  >
                    {t(`dashboard.start.steps.${step}.action`)}
                  </Button>
                )
              )}
            </Group>
          );
        })}
      </Stack>
    </Paper>
  );
}
