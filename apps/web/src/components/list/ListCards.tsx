/**
 * A list as cards, for a phone: the table of a list does not fit 390 px, so each row becomes a card
 * with its title, a status badge, a few label/value lines and the row's actions. A real list (`ul`
 * of `li`) so a screen reader announces "list, 20 items"; the lines are a description list; the
 * actions are the row's own buttons and menus, with their names.
 */
import { Group, Paper, Stack, Text } from '@mantine/core';
import type { ReactNode } from 'react';
import classes from './list-cards.module.css';

export interface CardLine {
  label: string;
  value: ReactNode;
  testId?: string;
}

interface Props<T> {
  items: T[];
  /** the row's identity (its id) */
  itemKey: (item: T) => string | number;
  /** the list's name for screen readers (e.g. the page's title) */
  label: string;
  /** the list's data-testid (tables use "…-table"; cards "…-cards") */
  testId: string;
  /** each card's data-testid: the desktop row's, so specs find the same rows on a phone */
  rowTestId?: string;
  /** extra data-* attributes of a card, e.g. `{ 'data-id': 3 }` */
  rowData?: (item: T) => Record<string, string | number | undefined>;
  title: (item: T) => ReactNode;
  /** under the title, dimmed (a description, a website) */
  subtitle?: (item: T) => ReactNode;
  badge?: (item: T) => ReactNode;
  /** label/value lines; a falsy entry is left out */
  lines?: (item: T) => (CardLine | false | null | undefined | '')[];
  actions?: (item: T) => ReactNode;
  /** before the title, e.g. a selection checkbox or an avatar */
  leading?: (item: T) => ReactNode;
}

export function ListCards<T>({
  items,
  itemKey,
  label,
  testId,
  rowTestId,
  rowData,
  title,
  subtitle,
  badge,
  lines,
  actions,
  leading,
}: Props<T>) {
  return (
    <ul className={classes.list} aria-label={label} data-testid={testId}>
      {items.map((item) => {
        const shown = (lines?.(item) ?? []).filter((l): l is CardLine => Boolean(l));
        const sub = subtitle?.(item);
        const act = actions?.(item);
        return (
          <li key={itemKey(item)} className={classes.item} data-testid={rowTestId} {...rowData?.(item)}>
            <Paper withBorder radius="md" p="sm">
              <Stack gap={6}>
                <Group justify="space-between" align="flex-start" wrap="nowrap" gap="xs">
                  <Group gap="xs" wrap="nowrap" align="flex-start" style={{ minWidth: 0, flex: 1 }}>
                    {leading?.(item)}
                    <div style={{ minWidth: 0, flex: 1 }}>
                      <Text fw={600} size="sm" className={classes.title}>
                        {title(item)}
                      </Text>
                      {sub && (
                        <Text size="xs" c="dimmed" className={classes.title}>
                          {sub}
                        </Text>
                      )}
                    </div>
                  </Group>
                  {badge && <div style={{ flexShrink: 0 }}>{badge(item)}</div>}
                </Group>
                {shown.length > 0 && (
                  <dl className={classes.lines}>
                    {shown.map((l) => (
                      <div key={l.label} className={classes.line} data-testid={l.testId}>
                        <dt>{l.label}</dt>
                        <dd>{l.value}</dd>
                      </div>
                    ))}
                  </dl>
                )}
                {act && (
                  <Group gap={4} justify="flex-end" wrap="wrap">
                    {act}
                  </Group>
                )}
              </Stack>
            </Paper>
          </li>
        );
      })}
    </ul>
  );
}
