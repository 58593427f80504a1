/**
 * Where the launcher is: the full stepper on wide screens; on a phone one line — "Step 3 of 8 ·
 * Audience" with a progress bar and a menu of every step — so the form starts near the top.
 * The wide stepper names the steps in a word or two ("Brand", "Review") so the eight fit one row
 * at 1440 px in Arabic too; each step's accessible name is its full title.
 */
import { Button, Group, Menu, Paper, Progress, Stepper, Text } from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import { IconAlertCircle, IconAlertTriangle, IconCheck, IconListDetails } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { intlLocale } from '../../../lib/i18n.ts';
import { STEPS, type Step } from '../draft.ts';

export type StepState = 'done' | 'todo' | 'error';

const ICONS = { done: IconCheck, todo: IconAlertTriangle, error: IconAlertCircle } as const;
const COLORS = { done: 'green', todo: 'orange', error: 'red' } as const;

export function StepNav({ active, states, onSelect }: { active: number; states: Record<Step, StepState>; onSelect: (i: number) => void }) {
  const { t, i18n } = useTranslation();
  const phone = useMediaQuery('(max-width: 48em)');
  const label = (s: Step) => t(`campaigns.launcher.steps.${s}`);
  const n = (v: number) => v.toLocaleString(intlLocale(i18n.language));
  const current = STEPS[active] as Step;
  if (phone) {
    return (
      <Paper withBorder radius="md" p="sm" data-testid="launcher-stepper" data-compact="true">
        <Group justify="space-between" wrap="nowrap" gap="xs" mb={6}>
          <div style={{ minWidth: 0 }}>
            <Text size="xs" c="dimmed" data-testid="launcher-step-count">
              {t('launch.steps.of', { n: n(active + 1), total: n(STEPS.length) })}
            </Text>
            <Text fw={600} truncate data-testid="launcher-step-title">
              {label(current)}
            </Text>
          </div>
          <Menu position="bottom-end" withinPortal>
            <Menu.Target>
              <Button variant="default" size="xs" leftSection={<IconListDetails size={16} />} data-testid="launcher-steps-menu">
                {t('launch.steps.all')}
              </Button>
            </Menu.Target>
            <Menu.Dropdown>
              {STEPS.map((s, i) => {
                const Icon = ICONS[states[s]];
                return (
                  <Menu.Item
                    key={s}
                    onClick={() => onSelect(i)}
                    leftSection={
                      <Icon size={16} color={`var(--mantine-color-${COLORS[states[s]]}-6)`} aria-label={t(`launch.steps.${states[s]}`)} />
                    }
                    fw={i === active ? 700 : undefined}
                    data-testid={`launcher-step-${s}`}
                    data-state={states[s]}
                  >
                    {`${n(i + 1)}. ${label(s)}`}
                  </Menu.Item>
                );
              })}
            </Menu.Dropdown>
          </Menu>
        </Group>
        <Progress
          value={((active + 1) / STEPS.length) * 100}
          size="sm"
          aria-label={t('launch.steps.of', { n: n(active + 1), total: n(STEPS.length) })}
        />
      </Paper>
    );
  }
  return (
    <Paper withBorder radius="md" px="sm" py="md" data-testid="launcher-stepper" data-compact="false">
      <Stepper
        active={active}
        onStepClick={onSelect}
        allowNextStepsSelect
        size="sm"
        iconSize={28}
        wrap
        // short separators and a tight gap between a step's number and its name: one row down to a
        // 1280 px window with the sidebar open, in English and Arabic
        styles={{ separator: { marginInline: 6, minWidth: 8 }, stepBody: { marginInlineStart: 6 } }}
      >
        {STEPS.map((s, i) => (
          <Stepper.Step
            key={s}
            label={t(`campaigns.launcher.stepsShort.${s}`)}
            aria-label={label(s)}
            // a step passed but not complete keeps a warning (a refused field, an error) instead of the check mark;
            // the current step is in the theme's colour until something is wrong with it
            color={states[s] === 'todo' && i >= active ? undefined : COLORS[states[s]]}
            completedIcon={
              states[s] === 'done' ? undefined : states[s] === 'error' ? <IconAlertCircle size={16} /> : <IconAlertTriangle size={16} />
            }
            icon={i > active && states[s] === 'error' ? <IconAlertCircle size={16} /> : undefined}
            data-testid={`launcher-step-${s}`}
            data-state={states[s]}
            data-complete={states[s] === 'done'}
          />
        ))}
      </Stepper>
    </Paper>
  );
}
