import { Button, Group, Paper, SegmentedControl, Stack, Text } from '@mantine/core';
import type { FieldError } from '@risala/shared/errors';
import { isSegmentGroup, type SegmentCondition, type SegmentGroup, type SegmentRules } from '@risala/shared/schemas/groups';
import { IconPlus } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { translateMessage } from '../../../lib/i18n.ts';
import { conditionErrors } from '../rules-state.ts';
import { ConditionEditor, defaultCondition } from './ConditionEditor.tsx';

interface Props {
  value: SegmentRules;
  onChange: (next: SegmentRules) => void;
  staticGroups: { value: string; label: string }[];
  brands: { value: string; label: string }[];
  issues: FieldError[];
}

const replaceAt = <T,>(list: T[], index: number, item: T) => list.map((x, i) => (i === index ? item : x));
const removeAt = <T,>(list: T[], index: number) => list.filter((_, i) => i !== index);

function MatchControl({ value, onChange, testId }: { value: 'all' | 'any'; onChange: (v: 'all' | 'any') => void; testId: string }) {
  const { t } = useTranslation();
  return (
    <Group gap="xs">
      <Text size="sm">{t('groups.rules.matchPrefix')}</Text>
      <SegmentedControl
        size="xs"
        value={value}
        onChange={(v) => onChange(v as 'all' | 'any')}
        data-testid={testId}
        data={[
          { value: 'all', label: t('groups.rules.all') },
          { value: 'any', label: t('groups.rules.any') },
        ]}
      />
      <Text size="sm">{t('groups.rules.matchSuffix')}</Text>
    </Group>
  );
}

/** The segment rule builder: conditions combined with all/any, plus one level of condition groups. */
export function RuleBuilder({ value, onChange, staticGroups, brands, issues }: Props) {
  const { t } = useTranslation();
  const firstGroup = Number(staticGroups[0]?.value ?? 0);
  // each message at its own field of its own row (every problem at once)
  const errorsAt = (path: string) =>
    Object.fromEntries(
      Object.entries(conditionErrors(issues, path)).map(([field, message]) => [field, translateMessage(message) ?? message]),
    );
  const setNodes = (conditions: SegmentRules['conditions']) => onChange({ ...value, conditions });

  return (
    <Stack gap="sm" data-testid="rule-builder">
      <MatchControl value={value.match} onChange={(match) => onChange({ ...value, match })} testId="rules-match" />
      {value.conditions.length === 0 && (
        <Text size="sm" c="dimmed">
          {t('groups.rules.empty')}
        </Text>
      )}
      {value.conditions.map((node, i) =>
        isSegmentGroup(node) ? (
          <Paper key={i} withBorder p="sm" radius="md" style={{ borderInlineStartWidth: 4 }} data-testid="rule-group">
            <Stack gap="xs">
              <Group justify="space-between">
                <MatchControl
                  value={node.match}
                  onChange={(match) => setNodes(replaceAt(value.conditions, i, { ...node, match }))}
                  testId="rule-group-match"
                />
                <Button size="compact-xs" variant="subtle" color="gray" onClick={() => setNodes(removeAt(value.conditions, i))}>
                  {t('groups.rules.removeGroup')}
                </Button>
              </Group>
              {node.conditions.map((c, j) => (
                <ConditionEditor
                  key={j}
                  value={c}
                  staticGroups={staticGroups}
                  brands={brands}
                  errors={errorsAt(`rules.conditions.${i}.conditions.${j}`)}
                  onChange={(next) =>
                    setNodes(replaceAt(value.conditions, i, { ...node, conditions: replaceAt(node.conditions, j, next) }))
                  }
                  onRemove={() => {
                    const rest = removeAt(node.conditions, j);
                    setNodes(rest.length ? replaceAt(value.conditions, i, { ...node, conditions: rest }) : removeAt(value.conditions, i));
                  }}
                />
              ))}
              <Button
                size="compact-sm"
                variant="subtle"
                leftSection={<IconPlus size={14} />}
                w="fit-content"
                onClick={() =>
                  setNodes(
                    replaceAt(value.conditions, i, {
                      ...node,
                      conditions: [...node.conditions, defaultCondition('field', firstGroup)],
                    } as SegmentGroup),
                  )
                }
              >
                {t('groups.rules.addCondition')}
              </Button>
            </Stack>
          </Paper>
        ) : (
          <ConditionEditor
            key={i}
            value={node}
            staticGroups={staticGroups}
            brands={brands}
            errors={errorsAt(`rules.conditions.${i}`)}
            onChange={(next: SegmentCondition) => setNodes(replaceAt(value.conditions, i, next))}
            onRemove={() => setNodes(removeAt(value.conditions, i))}
          />
        ),
      )}
      <Group gap="xs">
        <Button
          size="compact-sm"
          variant="light"
          leftSection={<IconPlus size={14} />}
          data-testid="rule-add"
          onClick={() => setNodes([...value.conditions, defaultCondition('field', firstGroup)])}
        >
          {t('groups.rules.addCondition')}
        </Button>
        <Button
          size="compact-sm"
          variant="subtle"
          leftSection={<IconPlus size={14} />}
          data-testid="rule-add-group"
          onClick={() => setNodes([...value.conditions, { match: 'any', conditions: [defaultCondition('field', firstGroup)] }])}
        >
          {t('groups.rules.addGroup')}
        </Button>
      </Group>
    </Stack>
  );
}
