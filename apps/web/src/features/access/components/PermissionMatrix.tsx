import { Card, Checkbox, Group, Stack, Table, Text } from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import { ACTIONS, type Action, ENTITIES, type EntityName } from '@risala/shared/permissions';
import { ENTITY_ACTIONS } from '@risala/shared/schemas/roles';
import { useTranslation } from 'react-i18next';

/** What is granted: per entity, its actions (an entity absent or empty is not in the role). */
export type Grants = Partial<Record<EntityName, Action[]>>;

const PHONE = '(max-width: 48em)';

/**
 * The next grants after ticking `action` of `entity`: any action brings `view` with it (an area one
 * cannot open cannot be acted on); taking `view` away takes the whole area away.
 */
export function toggleGrant(grants: Grants, entity: EntityName, action: Action, on: boolean): Grants {
  const current = new Set(grants[entity] ?? []);
  if (on) {
    current.add(action);
    current.add('view');
  } else if (action === 'view') {
    current.clear();
  } else {
    current.delete(action);
  }
  return { ...grants, [entity]: ACTIONS.filter((a) => current.has(a)) };
}

/** Every action of the entity, or none. */
export function toggleEntity(grants: Grants, entity: EntityName, on: boolean): Grants {
  return { ...grants, [entity]: on ? [...ENTITY_ACTIONS[entity]] : [] };
}

interface Props {
  grants: Grants;
  onChange?: (next: Grants) => void;
  /** actions the author may hand out (their own); others are shown disabled */
  allowed?: (entity: EntityName, action: Action) => boolean;
  readOnly?: boolean;
}

/**
 * The entity × action checkbox matrix: a table on wide screens (one row per area, one column per
 * action), one card per area on phones. Every box is a real checkbox labelled "Area: Action" for
 * screen readers; Tab and Space work it. Actions an area does not have are left out.
 */
export function PermissionMatrix({ grants, onChange, allowed = () => true, readOnly = false }: Props) {
  const { t } = useTranslation();
  const phone = useMediaQuery(PHONE, typeof window === 'undefined' ? false : window.matchMedia(PHONE).matches);
  const has = (entity: EntityName, action: Action) => (grants[entity] ?? []).includes(action);
  const entityLabel = (entity: EntityName) => t(`roles.entities.${entity}`);
  const actionLabel = (action: Action) => t(`roles.actions.${action}`);

  const box = (entity: EntityName, action: Action, withText: boolean) => {
    const permitted = allowed(entity, action);
    return (
      <Checkbox
        key={action}
        checked={has(entity, action)}
        disabled={readOnly || !permitted}
        onChange={(e) => onChange?.(toggleGrant(grants, entity, action, e.currentTarget.checked))}
        label={withText ? actionLabel(action) : undefined}
        aria-label={withText ? undefined : `${entityLabel(entity)}: ${actionLabel(action)}`}
        title={permitted ? undefined : t('roles.form.notAllowed')}
        data-testid={`perm-${entity}-${action}`}
      />
    );
  };

  const allBox = (entity: EntityName) => {
    const actions = ENTITY_ACTIONS[entity];
    const count = actions.filter((a) => has(entity, a)).length;
    const permitted = actions.every((a) => allowed(entity, a));
    return (
      <Checkbox
        checked={count === actions.length}
        indeterminate={count > 0 && count < actions.length}
        disabled={readOnly || !permitted}
        onChange={(e) => onChange?.(toggleEntity(grants, entity, e.currentTarget.checked))}
        aria-label={t('roles.form.all', { area: entityLabel(entity) })}
        data-testid={`perm-${entity}-all`}
      />
    );
  };

  if (phone) {
    return (
      <Stack gap="xs" data-testid="permission-matrix">
        {ENTITIES.map(({ entity }) => {
          const actions = ENTITY_ACTIONS[entity];
          const count = actions.filter((a) => has(entity, a)).length;
          return (
            <Card key={entity} withBorder padding="sm" role="group" aria-labelledby={`perm-${entity}-title`}>
              <Group justify="space-between" wrap="nowrap" mb={6}>
                <Group gap="xs" wrap="nowrap">
                  {allBox(entity)}
                  <Text id={`perm-${entity}-title`} fw={600} size="sm">
                    {entityLabel(entity)}
                  </Text>
                </Group>
                <Text size="xs" c="dimmed">
                  {t('roles.form.grantedCount', { count, total: actions.length })}
                </Text>
              </Group>
              <Group gap="md">{actions.map((action) => box(entity, action, true))}</Group>
            </Card>
          );
        })}
      </Stack>
    );
  }

  return (
    <Table.ScrollContainer minWidth={640}>
      <Table striped highlightOnHover withTableBorder data-testid="permission-matrix">
        <Table.Thead>
          <Table.Tr>
            <Table.Th scope="col">{t('roles.form.area')}</Table.Th>
            {ACTIONS.map((action) => (
              <Table.Th key={action} scope="col" ta="center">
                {actionLabel(action)}
              </Table.Th>
            ))}
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {ENTITIES.map(({ entity }) => (
            <Table.Tr key={entity}>
              <Table.Th scope="row" fw={500}>
                <Group gap="xs" wrap="nowrap">
                  {allBox(entity)}
                  <span>{entityLabel(entity)}</span>
                </Group>
              </Table.Th>
              {ACTIONS.map((action) => (
                <Table.Td key={action} ta="center">
                  {ENTITY_ACTIONS[entity].includes(action) && <Group justify="center">{box(entity, action, false)}</Group>}
                </Table.Td>
              ))}
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}
