import { Paper, Table } from '@mantine/core';
import type { ReactNode } from 'react';
import { usePhone } from '../list/index.ts';
import { type ListQueryState, QueryState } from './QueryState.tsx';

/**
 * A list's table in its bordered frame — or, in its place, the loader, the error with a retry, or
 * the empty note. `rows` and `footer` (e.g. the pagination, under the table inside the frame) are
 * called only once the data is there. On a phone, `cards` (a ListCards) takes the table's place.
 */
export function QueryTable<T>({
  query,
  empty,
  emptyText,
  emptyState,
  minWidth,
  testId,
  headers,
  rows,
  footer,
  highlight = false,
  cards,
}: {
  query: ListQueryState<T>;
  empty: (data: T) => boolean;
  emptyText: string;
  /** what an empty list (no search or filter on) shows instead of the note: an EmptyState */
  emptyState?: ReactNode;
  minWidth: number;
  testId: string;
  /** one header cell per column (null: a column without a title, e.g. row actions) */
  headers: ReactNode[];
  rows: (data: T) => ReactNode;
  footer?: (data: T) => ReactNode;
  /** rows light up under the pointer (lists whose rows open something) */
  highlight?: boolean;
  /** the rows as cards, shown instead of the table on a phone */
  cards?: (data: T) => ReactNode;
}) {
  const phone = usePhone();
  return (
    <QueryState query={query} empty={empty} emptyText={emptyText} emptyState={emptyState}>
      {(data) => (
        <Paper withBorder={!(phone && cards)} radius="md" p={phone && cards ? 0 : 'xs'}>
          {phone && cards ? (
            cards(data)
          ) : (
            <Table.ScrollContainer minWidth={minWidth}>
              <Table verticalSpacing="sm" highlightOnHover={highlight} data-testid={testId}>
                <Table.Thead>
                  <Table.Tr>
                    {headers.map((h, i) => (
                      // columns are fixed per table: their position is their identity
                      <Table.Th key={i}>{h}</Table.Th>
                    ))}
                  </Table.Tr>
                </Table.Thead>
                <Table.Tbody>{rows(data)}</Table.Tbody>
              </Table>
            </Table.ScrollContainer>
          )}
          {footer?.(data)}
        </Paper>
      )}
    </QueryState>
  );
}
